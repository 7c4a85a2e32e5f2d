"""
description: Int literals at the edges of their ranges (int8 -128 and 127, int16 -32768 and 32767, int32 -2147483648 and 2147483647)
rules: [type.expr.intimm.int_range]
args:
  B: {dtype: int8, shape: [2]}
  C: {dtype: int16, shape: [2]}
  D: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [-128, 127], C: [-32768, 32767], D: [-2147483648, 2147483647]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2,), "int8"), C: T.Buffer((2,), "int16"), D: T.Buffer((2,), "int32")):
    B[0] = T.int8(-128)
    B[1] = T.int8(127)
    C[0] = T.int16(-32768)
    C[1] = T.int16(32767)
    D[0] = -2147483648
    D[1] = 2147483647
