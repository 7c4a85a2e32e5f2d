"""
description: A vector FloorDiv whose divisor has one zero lane raises divide-by-zero
rules: [sem.expr.floordiv, sem.expr.binary]
args:
  A: {dtype: int32, shape: [4], data: [8, 9, 10, 11]}
  D: {dtype: int32, shape: [4], data: [2, 3, 0, 1]}
  B: {dtype: int32, shape: [4]}
expect:
  error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A[0:4] // D[0:4]
