"""
description: The values bound to a match_buffer's unbound stride Vars are implementation details; storing one makes the result unspecified
rules: [unspec.match_buffer_layout, sem.stmt.block.match_buffer]
args:
  A: {dtype: int32, shape: [4, 4]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4, 4), "int32"), B: T.Buffer((1,), "int32")):
    s0 = T.int32()
    s1 = T.int32()
    with T.block("tile"):
        T.reads(A[0:2, 0:2])
        T.writes(B[0])
        Asub = T.match_buffer(A[0:2, 0:2], (2, 2), "int32", strides=(s0, s1), offset_factor=1)
        B[0] = s0
