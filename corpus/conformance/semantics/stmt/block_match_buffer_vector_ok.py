"""
description: A vector index into a match_buffer adds the region's last min to every lane - Asub[0:4] over A[3:7] loads A[3], A[4], A[5], A[6]
rules: [sem.stmt.block.match_buffer, sem.expr.bufferload.vector]
args:
  A: {dtype: int32, shape: [8], data: [10, 11, 12, 13, 14, 15, 16, 17]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [13, 14, 15, 16]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("tile"):
        T.reads(A[3:7])
        T.writes(B[0:4])
        Asub = T.match_buffer(A[3:7], (4,), "int32", offset_factor=1)
        B[0:4] = Asub[0:4]
