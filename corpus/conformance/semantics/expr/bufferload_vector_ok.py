"""
description: A vector index loads one element per lane, in lane order - A[0:8:2] is lanes 0, 2, 4, 6 and A[Ramp(7, -1, 4)] is lanes 7, 6, 5, 4
rules: [sem.expr.bufferload.vector, sem.expr.ramp, sem.stmt.bufferstore.vector]
args:
  A: {dtype: int32, shape: [8], data: [10, 11, 12, 13, 14, 15, 16, 17]}
  B: {dtype: int32, shape: [8]}
expect:
  buffers: {B: [10, 12, 14, 16, 17, 16, 15, 14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    B[0:4] = A[0:8:2]
    B[4:8] = A[T.Ramp(7, -1, 4)]
