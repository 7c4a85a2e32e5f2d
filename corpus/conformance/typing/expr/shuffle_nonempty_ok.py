"""
description: A Shuffle of one int32x4 vector reversing its lanes
rules: [type.expr.shuffle.nonempty]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [4, 3, 2, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Shuffle([A[0:4]], [3, 2, 1, 0])
