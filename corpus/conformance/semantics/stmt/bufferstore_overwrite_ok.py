"""
description: Stores take effect in program order and later stores overwrite earlier ones; an element not stored keeps its input value
rules: [sem.stmt.bufferstore, sem.stmt.seqstmt]
args:
  A: {dtype: int32, shape: [3], data: [7, 8, 9]}
expect:
  buffers: {A: [3, 8, 12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    A[0] = 1
    A[2] = A[0] + A[2]
    A[0] = 3
    A[2] = A[2] + 2
