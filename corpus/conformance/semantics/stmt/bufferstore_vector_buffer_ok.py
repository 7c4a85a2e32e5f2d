"""
description: >-
  Stores into an int32x4 buffer (lanes listed flat): C[1] = A[0:4] writes element 1's four lanes;
  C[T.Ramp(2, 1, 2)] = A[0:8] splits the 8 lanes into chunks of 4, lanes 0-3 to element 2 and 4-7 to
  element 3; element 0 keeps its data
rules: [sem.stmt.bufferstore.vector, sem.stmt.bufferstore]
args:
  A: {dtype: int32, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  C: {dtype: int32x4, shape: [4], data: [9, 9, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}
expect:
  buffers:
    C: [9, 9, 9, 9, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), C: T.Buffer((4,), "int32x4")):
    C[1] = A[0:4]
    C[T.Ramp(2, 1, 2)] = A[0:8]
