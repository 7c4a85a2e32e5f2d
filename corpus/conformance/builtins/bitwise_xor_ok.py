"""
description: tir.bitwise_xor on two's-complement patterns - int32 12 ^ 10 = 6, -1 ^ 5 = -6 (~5), x ^ x = 0; int8 127 ^ -128 = -1; uint8 200 ^ 255 = 55
rules: [builtin.bitwise_xor]
args:
  A: {dtype: int32, shape: [3], data: [12, -1, 77]}
  B: {dtype: int32, shape: [3], data: [10, 5, 77]}
  C: {dtype: int32, shape: [3]}
  S: {dtype: int8, shape: [3], data: [127, -128, 0]}
  U: {dtype: uint8, shape: [3], data: [200, 255, 0]}
expect:
  buffers:
    C: [6, -6, 0]
    S: [127, -128, -1]
    U: [200, 255, 55]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32"), S: T.Buffer((3,), "int8"), U: T.Buffer((3,), "uint8")):
    for i in range(3):
        C[i] = T.bitwise_xor(A[i], B[i])
    S[2] = T.bitwise_xor(S[0], S[1])
    U[2] = T.bitwise_xor(U[0], U[1])
