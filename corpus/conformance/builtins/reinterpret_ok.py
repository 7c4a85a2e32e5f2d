"""
description: >-
  tir.reinterpret keeps the bit pattern - float32 1.0 is int32 0x3F800000 = 1065353216, -0.0 is
  0x80000000 = -2147483648; int32 1069547520 (0x3FC00000) is float32 1.5; float16 1.0 is uint16 0x3C00 =
  15360 and uint16 49152 (0xC000) is float16 -2.0; float64 -2.0 is int64 0xC000000000000000 = -4611686018427387904
rules: [builtin.reinterpret]
args:
  F: {dtype: float32, shape: [2], data: [1.0, -0.0]}
  I: {dtype: int32, shape: [1], data: [1069547520]}
  H: {dtype: float16, shape: [1], data: [1.0]}
  U: {dtype: uint16, shape: [1], data: [49152]}
  D: {dtype: float64, shape: [1], data: [-2.0]}
  A: {dtype: int32, shape: [2]}
  G: {dtype: float32, shape: [1]}
  V: {dtype: uint16, shape: [1]}
  K: {dtype: float16, shape: [1]}
  L: {dtype: int64, shape: [1]}
expect:
  buffers:
    A: [1065353216, -2147483648]
    G: [1.5]
    V: [15360]
    K: [-2.0]
    L: [-4611686018427387904]
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((2,), "float32"), I: T.Buffer((1,), "int32"), H: T.Buffer((1,), "float16"), U: T.Buffer((1,), "uint16"), D: T.Buffer((1,), "float64"), A: T.Buffer((2,), "int32"), G: T.Buffer((1,), "float32"), V: T.Buffer((1,), "uint16"), K: T.Buffer((1,), "float16"), L: T.Buffer((1,), "int64")):
    for i in range(2):
        A[i] = T.reinterpret("int32", F[i])
    G[0] = T.reinterpret("float32", I[0])
    V[0] = T.reinterpret("uint16", H[0])
    K[0] = T.reinterpret("float16", U[0])
    L[0] = T.reinterpret("int64", D[0])
