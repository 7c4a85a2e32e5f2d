"""
description: Ranges in block read/write regions and in a For (min 2, extent 2) add no constraint of their own
rules: [type.other.range.valid]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [0, 0, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(2, 4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi:vi + 1])
            T.writes(B[vi:vi + 1])
            B[vi] = A[vi] * 2
