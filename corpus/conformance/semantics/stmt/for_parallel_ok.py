"""
description: A parallel For whose iterations touch disjoint elements gives the same result under any interleaving - B[i] = A[i] * A[i] + i
rules: [sem.stmt.for.parallel]
args:
  A: {dtype: int32, shape: [4], data: [1, -2, 3, -4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [1, 5, 11, 19]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in T.parallel(4):
        B[i] = A[i] * A[i] + i
