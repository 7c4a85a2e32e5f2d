"""
description: Iteration i of a parallel For writes A[i] and reads A[i + 1], which iteration i + 1 writes
rules: [unspec.conflict.parallel, sem.stmt.for.parallel]
args:
  A: {dtype: int32, shape: [5], data: [0, 1, 2, 3, 4]}
expect:
  unspecified: conflict
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "int32")):
    for i in T.parallel(4):
        A[i] = A[i + 1] + 1
