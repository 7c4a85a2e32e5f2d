"""
description: An unbound Var m in a match_buffer's shape is bound to the region's extent (4) and usable in the block
rules: [sem.stmt.block.match_buffer.shape, sem.stmt.block.match_buffer]
args:
  A: {dtype: int32, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  B: {dtype: int32, shape: [8]}
expect:
  buffers: {B: [0, 0, 0, 0, 9, 10, 11, 12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    m = T.int32()
    with T.block("tile"):
        T.reads(A[4:8])
        T.writes(B[4:8])
        Asub = T.match_buffer(A[4:8], (m,), "int32", offset_factor=1)
        Bsub = T.match_buffer(B[4:8], (m,), "int32", offset_factor=1)
        for k in range(m):
            Bsub[k] = Asub[k] + m
