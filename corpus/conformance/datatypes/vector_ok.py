"""
description: Vector datatypes (float32x4, int16x8, bool x4) hold lanes of their scalar code and bits
rules: [dtype.vector]
args:
  F: {dtype: float32, shape: [4], data: [1.0, -2.0, 3.0, -4.0]}
  S: {dtype: int16, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  G: {dtype: float32, shape: [4]}
  T16: {dtype: int16, shape: [8]}
  D: {dtype: bool, shape: [4]}
expect:
  buffers: {G: [2.0, -4.0, 6.0, -8.0], T16: [2, 4, 6, 8, 10, 12, 14, 16], D: [true, false, true, false]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), S: T.Buffer((8,), "int16"), G: T.Buffer((4,), "float32"), T16: T.Buffer((8,), "int16"), D: T.Buffer((4,), "bool")):
    v: T.float32x4 = F[0:4]
    G[0:4] = v + v
    w: T.int16x8 = S[0:8]
    T16[0:8] = w * T.Broadcast(T.int16(2), 8)
    D[0:4] = v > T.Broadcast(T.float32(0.0), 4)
