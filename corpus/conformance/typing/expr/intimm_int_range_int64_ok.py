"""
description: int64 literals take any 64-bit signed value, including both extremes
rules: [type.expr.intimm.int_range]
args:
  B: {dtype: int64, shape: [2]}
expect:
  buffers: {B: [-9223372036854775808, 9223372036854775807]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2,), "int64")):
    B[0] = T.int64(-9223372036854775808)
    B[1] = T.int64(9223372036854775807)
