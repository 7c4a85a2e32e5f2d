"""
description: tir.shift_right fills with the sign bit for Int and zeros for UInt - int32 16 >> 2 = 4, -16 >> 2 = -4, -1 >> 31 = -1, -2147483648 >> 31 = -1, 7 >> 1 = 3; int8 -128 >> 1 = -64; uint8 128 >> 7 = 1; uint32 4294967295 >> 31 = 1
rules: [builtin.shift_right]
args:
  A: {dtype: int32, shape: [5], data: [16, -16, -1, -2147483648, 7]}
  N: {dtype: int32, shape: [5], data: [2, 2, 31, 31, 1]}
  B: {dtype: int32, shape: [5]}
  S: {dtype: int8, shape: [1], data: [-128]}
  U: {dtype: uint8, shape: [1], data: [128]}
  W: {dtype: uint32, shape: [1], data: [4294967295]}
  SO: {dtype: int8, shape: [1]}
  UO: {dtype: uint8, shape: [1]}
  WO: {dtype: uint32, shape: [1]}
expect:
  buffers:
    B: [4, -4, -1, -1, 3]
    SO: [-64]
    UO: [1]
    WO: [1]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "int32"), N: T.Buffer((5,), "int32"), B: T.Buffer((5,), "int32"), S: T.Buffer((1,), "int8"), U: T.Buffer((1,), "uint8"), W: T.Buffer((1,), "uint32"), SO: T.Buffer((1,), "int8"), UO: T.Buffer((1,), "uint8"), WO: T.Buffer((1,), "uint32")):
    for i in range(5):
        B[i] = T.shift_right(A[i], N[i])
    SO[0] = T.shift_right(S[0], T.int8(1))
    UO[0] = T.shift_right(U[0], T.uint8(7))
    WO[0] = T.shift_right(W[0], T.uint32(31))
