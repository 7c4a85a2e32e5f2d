"""
description: An error in one iteration of a parallel For stops execution at the For - iteration 2 divides by zero
rules: [sem.stmt.for.parallel, sem.expr.floordiv]
args:
  A: {dtype: int32, shape: [4], data: [4, 8, 12, 16]}
  D: {dtype: int32, shape: [4], data: [1, 2, 0, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in T.parallel(4):
        B[i] = A[i] // D[i]
