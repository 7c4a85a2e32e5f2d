"""
description: A 3-d load A[i, j, k] of a (2, 2, 3) buffer holding 1..12 reads element (0, 1, 1) = 5 and (1, 0, 2) = 9, as in the spec's Buffers example
rules: [sem.expr.bufferload, sem.stmt.primfunc.layout]
args:
  A: {dtype: int32, shape: [2, 2, 3], data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]}
  B: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [5, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2, 3), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[0, 1, 1]
    B[1] = A[1, 0, 2]
