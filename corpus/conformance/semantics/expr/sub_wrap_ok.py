"""
description: >-
  Sub wraps: int8 -128 - 1 = 127, uint8 0 - 1 = 255, int16 -32768 - 1 = 32767, int32 -2147483648 - 1 =
  2147483647, uint32 0 - 1 = 4294967295, int64 min - 1 = max, uint64 0 - 1 = 2^64 - 1
rules: [sem.expr.sub, sem.expr.int_wrap]
args:
  I8: {dtype: int8, shape: [2], data: [-128, 1]}
  U8: {dtype: uint8, shape: [2], data: [0, 1]}
  I16: {dtype: int16, shape: [2], data: [-32768, 1]}
  I32: {dtype: int32, shape: [2], data: [-2147483648, 1]}
  U32: {dtype: uint32, shape: [2], data: [0, 1]}
  I64: {dtype: int64, shape: [2], data: [-9223372036854775808, 1]}
  U64: {dtype: uint64, shape: [2], data: [0, 1]}
expect:
  buffers:
    I8: [127, 1]
    U8: [255, 1]
    I16: [32767, 1]
    I32: [2147483647, 1]
    U32: [4294967295, 1]
    I64: [9223372036854775807, 1]
    U64: [18446744073709551615, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(I8: T.Buffer((2,), "int8"), U8: T.Buffer((2,), "uint8"), I16: T.Buffer((2,), "int16"), I32: T.Buffer((2,), "int32"), U32: T.Buffer((2,), "uint32"), I64: T.Buffer((2,), "int64"), U64: T.Buffer((2,), "uint64")):
    I8[0] = I8[0] - I8[1]
    U8[0] = U8[0] - U8[1]
    I16[0] = I16[0] - I16[1]
    I32[0] = I32[0] - I32[1]
    U32[0] = U32[0] - U32[1]
    I64[0] = I64[0] - I64[1]
    U64[0] = U64[0] - U64[1]
