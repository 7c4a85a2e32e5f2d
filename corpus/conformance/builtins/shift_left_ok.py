"""
description: tir.shift_left drops high bits and fills with zeros - int32 1 << 4 = 16, 1 << 31 = -2147483648, -1 << 1 = -2, 3 << 0 = 3; int8 1 << 7 = -128, 3 << 7 = -128 (0b110000000 keeps 0b10000000); uint8 255 << 1 = 254
rules: [builtin.shift_left]
args:
  A: {dtype: int32, shape: [4], data: [1, 1, -1, 3]}
  N: {dtype: int32, shape: [4], data: [4, 31, 1, 0]}
  B: {dtype: int32, shape: [4]}
  S: {dtype: int8, shape: [2], data: [1, 3]}
  U: {dtype: uint8, shape: [1], data: [255]}
  SO: {dtype: int8, shape: [2]}
  UO: {dtype: uint8, shape: [1]}
expect:
  buffers:
    B: [16, -2147483648, -2, 3]
    SO: [-128, -128]
    UO: [254]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), N: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), S: T.Buffer((2,), "int8"), U: T.Buffer((1,), "uint8"), SO: T.Buffer((2,), "int8"), UO: T.Buffer((1,), "uint8")):
    for i in range(4):
        B[i] = T.shift_left(A[i], N[i])
    for i in range(2):
        SO[i] = T.shift_left(S[i], T.int8(7))
    UO[0] = T.shift_left(U[0], T.uint8(1))
