"""
description: >-
  T.clz of a narrow integer counts in that width: uint8 16 (0b00010000) has 3 leading zeros,
  int16 -1 none, uint16 1 has 15
rules: [builtin.clz]
args:
  B: {dtype: int32, shape: [3], data: [-7, -7, -7]}
  x: 1
expect:
  buffers: {B: [3, 0, 15]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((3,), "int32"), x: T.int32):
    B[0] = T.clz(T.Cast("uint8", x * 16))
    B[1] = T.clz(T.Cast("int16", 0 - x))
    B[2] = T.clz(T.Cast("uint16", x))
