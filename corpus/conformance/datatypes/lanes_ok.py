"""
description: Lane counts 2, 3 and 64 are valid datatypes (float32x2, int8x3, uint8x64)
rules: [dtype.lanes]
args:
  F: {dtype: float32, shape: [2], data: [1.5, 2.5]}
  G: {dtype: float32, shape: [2]}
  A: {dtype: int8, shape: [3], data: [1, 2, 3]}
  B: {dtype: int8, shape: [3]}
  U: {dtype: uint8, shape: [64]}
expect:
  buffers: {G: [3.0, 5.0], B: [-1, -2, -3], U: [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((2,), "float32"), G: T.Buffer((2,), "float32"), A: T.Buffer((3,), "int8"), B: T.Buffer((3,), "int8"), U: T.Buffer((64,), "uint8")):
    G[0:2] = F[0:2] + F[0:2]
    B[0:3] = T.Broadcast(T.int8(0), 3) - A[0:3]
    U[0:64] = T.Broadcast(T.uint8(7), 64)
