"""
description: IntImms evaluate to their value in their dtype, including the extremes of int8, uint8 and int64, and uint64 up to 2^63 - 1
rules: [sem.expr.intimm]
args:
  I8: {dtype: int8, shape: [2]}
  U8: {dtype: uint8, shape: [2]}
  I64: {dtype: int64, shape: [2]}
  U64: {dtype: uint64, shape: [2]}
expect:
  buffers:
    I8: [-128, 127]
    U8: [0, 255]
    I64: [-9223372036854775808, 9223372036854775807]
    U64: [0, 9223372036854775807]
"""
from tvm.script import tir as T


@T.prim_func
def main(I8: T.Buffer((2,), "int8"), U8: T.Buffer((2,), "uint8"), I64: T.Buffer((2,), "int64"), U64: T.Buffer((2,), "uint64")):
    I8[0] = T.int8(-128)
    I8[1] = T.int8(127)
    U8[0] = T.uint8(0)
    U8[1] = T.uint8(255)
    I64[0] = T.int64(-9223372036854775808)
    I64[1] = T.int64(9223372036854775807)
    U64[0] = T.uint64(0)
    U64[1] = T.uint64(9223372036854775807)
