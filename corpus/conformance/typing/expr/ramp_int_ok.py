"""
description: A uint8 Ramp (UInt code) wraps modulo 2^8 lane by lane
rules: [type.expr.ramp.int]
args:
  B: {dtype: uint8, shape: [4]}
expect:
  buffers: {B: [250, 253, 0, 3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "uint8")):
    B[0:4] = T.Ramp(T.uint8(250), T.uint8(3), 4)
