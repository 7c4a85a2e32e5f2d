"""
description: A vector Select also evaluates both arms in full, so a zero lane of the divisor raises divide-by-zero even where the condition picks the other arm
rules: [sem.expr.select, sem.expr.select.vector, sem.expr.floordiv]
args:
  A: {dtype: int32, shape: [4], data: [8, 9, 10, 11]}
  D: {dtype: int32, shape: [4], data: [2, 0, 5, 1]}
  B: {dtype: int32, shape: [4]}
expect:
  error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Select(D[0:4] != T.Broadcast(0, 4), A[0:4] // D[0:4], T.Broadcast(0, 4))
