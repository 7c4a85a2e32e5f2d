"""
description: tir.bitwise_and on two's-complement patterns - int32 12 & 10 = 8, -1 & 255 = 255, -8 & -3 = -8 (...11000 & ...11101 = ...11000), 0 & 7 = 0; uint8 0xF0 & 0x3C = 0x30 = 48; int32x4 lane-wise gives the same
rules: [builtin.bitwise_and, builtin.math.lanes]
args:
  A: {dtype: int32, shape: [4], data: [12, -1, -8, 0]}
  B: {dtype: int32, shape: [4], data: [10, 255, -3, 7]}
  C: {dtype: int32, shape: [4]}
  U: {dtype: uint8, shape: [3], data: [240, 60, 0]}
  V: {dtype: int32, shape: [4]}
expect:
  buffers:
    C: [8, 255, -8, 0]
    U: [240, 60, 48]
    V: [8, 255, -8, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), U: T.Buffer((3,), "uint8"), V: T.Buffer((4,), "int32")):
    for i in range(4):
        C[i] = T.bitwise_and(A[i], B[i])
    U[2] = T.bitwise_and(U[0], U[1])
    V[0:4] = T.bitwise_and(A[0:4], B[0:4])
