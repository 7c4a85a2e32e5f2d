"""
description: Broadcast of a uint16 literal to 8 lanes
rules: [type.expr.broadcast.lanes]
args:
  B: {dtype: uint16, shape: [8]}
expect:
  buffers: {B: [9, 9, 9, 9, 9, 9, 9, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((8,), "uint16")):
    B[0:8] = T.Broadcast(T.uint16(9), 8)
