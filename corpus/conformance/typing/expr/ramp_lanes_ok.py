"""
description: A Ramp with 4 lanes stored into 4 consecutive elements
rules: [type.expr.ramp.lanes]
args:
  A: {dtype: int32, shape: [4], data: [5, 0, 0, 0]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [5, 8, 11, 14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Ramp(A[0], 3, 4)
