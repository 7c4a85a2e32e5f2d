"""
description: >-
  Add wraps modulo 2^bits at every width: int8 127 + 1 = -128 and -128 + -1 = 127, uint8 255 + 1 = 0,
  int16 32767 + 1 = -32768, uint16 65535 + 2 = 1, int32 2147483647 + 1 = -2147483648, uint32
  4294967295 + 1 = 0, int64 max + 1 = min, uint64 2^64 - 1 + 1 = 0
rules: [sem.expr.add, sem.expr.int_wrap]
args:
  I8: {dtype: int8, shape: [4], data: [127, 1, -128, -1]}
  U8: {dtype: uint8, shape: [2], data: [255, 1]}
  I16: {dtype: int16, shape: [2], data: [32767, 1]}
  U16: {dtype: uint16, shape: [2], data: [65535, 2]}
  I32: {dtype: int32, shape: [2], data: [2147483647, 1]}
  U32: {dtype: uint32, shape: [2], data: [4294967295, 1]}
  I64: {dtype: int64, shape: [2], data: [9223372036854775807, 1]}
  U64: {dtype: uint64, shape: [2], data: [18446744073709551615, 1]}
expect:
  buffers:
    I8: [-128, 1, 127, -1]
    U8: [0, 1]
    I16: [-32768, 1]
    U16: [1, 2]
    I32: [-2147483648, 1]
    U32: [0, 1]
    I64: [-9223372036854775808, 1]
    U64: [0, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(I8: T.Buffer((4,), "int8"), U8: T.Buffer((2,), "uint8"), I16: T.Buffer((2,), "int16"), U16: T.Buffer((2,), "uint16"), I32: T.Buffer((2,), "int32"), U32: T.Buffer((2,), "uint32"), I64: T.Buffer((2,), "int64"), U64: T.Buffer((2,), "uint64")):
    I8[0] = I8[0] + I8[1]
    I8[2] = I8[2] + I8[3]
    U8[0] = U8[0] + U8[1]
    I16[0] = I16[0] + I16[1]
    U16[0] = U16[0] + U16[1]
    I32[0] = I32[0] + I32[1]
    U32[0] = U32[0] + U32[1]
    I64[0] = I64[0] + I64[1]
    U64[0] = U64[0] + U64[1]
