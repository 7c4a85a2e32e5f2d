"""
description: Asub matches A[2:4]; Asub[2] maps to A[4], inside A but outside the matched region
rules: [unspec.match_buffer_outside_region, sem.stmt.block.match_buffer]
args:
  A: {dtype: int32, shape: [8], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((1,), "int32")):
    with T.block("tile"):
        T.reads(A[2:4])
        T.writes(B[0])
        Asub = T.match_buffer(A[2:4], (2,), "int32", offset_factor=1)
        B[0] = Asub[2]
