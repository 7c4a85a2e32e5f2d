"""
description: Errors in a vectorized For happen as in the sequential run - iteration 1 divides by D[1] = 0 and raises divide-by-zero
rules: [sem.stmt.for.vectorized, sem.expr.floordiv]
args:
  A: {dtype: int32, shape: [4], data: [4, 8, 12, 16]}
  D: {dtype: int32, shape: [4], data: [1, 0, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in T.vectorized(4):
        B[i] = A[i] // D[i]
