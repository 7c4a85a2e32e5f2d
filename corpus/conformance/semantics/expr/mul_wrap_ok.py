"""
description: >-
  Mul wraps: uint8 200 * 2 = 400 - 256 = 144; int8 16 * 8 = 128 -> -128 and -128 * -1 = 128 -> -128;
  int16 256 * 256 = 65536 -> 0; int32 46341 * 46341 = 2147488281 - 2^32 = -2147479015; uint32
  65537 * 65537 = 2^32 + 131073 -> 131073; int64 3037000500^2 = 9223372037000250000 - 2^64 =
  -9223372036709301616; uint64 2^32 * (2^32 + 1) = 2^64 + 2^32 -> 4294967296
rules: [sem.expr.mul, sem.expr.int_wrap]
args:
  U8: {dtype: uint8, shape: [2], data: [200, 2]}
  I8: {dtype: int8, shape: [4], data: [16, 8, -128, -1]}
  I16: {dtype: int16, shape: [2], data: [256, 256]}
  I32: {dtype: int32, shape: [2], data: [46341, 46341]}
  U32: {dtype: uint32, shape: [2], data: [65537, 65537]}
  I64: {dtype: int64, shape: [2], data: [3037000500, 3037000500]}
  U64: {dtype: uint64, shape: [2], data: [4294967296, 4294967297]}
expect:
  buffers:
    U8: [144, 2]
    I8: [-128, 8, -128, -1]
    I16: [0, 256]
    I32: [-2147479015, 46341]
    U32: [131073, 65537]
    I64: [-9223372036709301616, 3037000500]
    U64: [4294967296, 4294967297]
"""
from tvm.script import tir as T


@T.prim_func
def main(U8: T.Buffer((2,), "uint8"), I8: T.Buffer((4,), "int8"), I16: T.Buffer((2,), "int16"), I32: T.Buffer((2,), "int32"), U32: T.Buffer((2,), "uint32"), I64: T.Buffer((2,), "int64"), U64: T.Buffer((2,), "uint64")):
    U8[0] = U8[0] * U8[1]
    I8[0] = I8[0] * I8[1]
    I8[2] = I8[2] * I8[3]
    I16[0] = I16[0] * I16[1]
    I32[0] = I32[0] * I32[1]
    U32[0] = U32[0] * U32[1]
    I64[0] = I64[0] * I64[1]
    U64[0] = U64[0] * U64[1]
