"""
description: tir.bitwise_or on two's-complement patterns - int32 12 | 10 = 14, -8 | 3 = -5 (...11000 | 011 = ...11011), 0 | 0 = 0; uint8 0xF0 | 0x0F = 255
rules: [builtin.bitwise_or]
args:
  A: {dtype: int32, shape: [3], data: [12, -8, 0]}
  B: {dtype: int32, shape: [3], data: [10, 3, 0]}
  C: {dtype: int32, shape: [3]}
  U: {dtype: uint8, shape: [3], data: [240, 15, 0]}
expect:
  buffers:
    C: [14, -5, 0]
    U: [240, 15, 255]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32"), U: T.Buffer((3,), "uint8")):
    for i in range(3):
        C[i] = T.bitwise_or(A[i], B[i])
    U[2] = T.bitwise_or(U[0], U[1])
