"""
description: tir.bitwise_not flips every bit - for int32 ~x = -x - 1 (~0 = -1, ~5 = -6, ~-1 = 0, ~2147483647 = -2147483648); uint8 ~0 = 255, ~200 = 55; uint32 ~1 = 4294967294
rules: [builtin.bitwise_not]
args:
  A: {dtype: int32, shape: [4], data: [0, 5, -1, 2147483647]}
  B: {dtype: int32, shape: [4]}
  U: {dtype: uint8, shape: [2], data: [0, 200]}
  V: {dtype: uint8, shape: [2]}
  W: {dtype: uint32, shape: [1], data: [1]}
  X: {dtype: uint32, shape: [1]}
expect:
  buffers:
    B: [-1, -6, 0, -2147483648]
    V: [255, 55]
    X: [4294967294]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), U: T.Buffer((2,), "uint8"), V: T.Buffer((2,), "uint8"), W: T.Buffer((1,), "uint32"), X: T.Buffer((1,), "uint32")):
    for i in range(4):
        B[i] = T.bitwise_not(A[i])
    for i in range(2):
        V[i] = T.bitwise_not(U[i])
    X[0] = T.bitwise_not(W[0])
