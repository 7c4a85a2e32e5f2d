"""
description: >-
  Float to int casts truncate toward zero: float32 2.9 -> 2, -2.9 -> -2, +-0.5 -> 0, 127.9 -> 127 and
  -128.9 -> -128 (both still fit int8), 1e9 -> 1000000000; to uint8 255.5 -> 255 and -0.9 -> 0
  (the truncated value 0 fits); float64, float16 and bfloat16 sources truncate the same way
rules: [sem.expr.cast, sem.expr.cast.float_to_int]
args:
  F: {dtype: float32, shape: [8], data: [2.9, -2.9, 0.5, -0.5, 127.9, -128.9, 255.5, 1000000000.0]}
  G: {dtype: float32, shape: [4], data: [255.5, 0.99, -0.9, 1.0]}
  D: {dtype: float64, shape: [4], data: [9007199254740992.0, -4500000000000000.0, 1.5, -1.5]}
  H: {dtype: float16, shape: [2], data: [65504.0, -0.75]}
  BF: {dtype: bfloat16, shape: [2], data: [2.5, -3.5]}
  I: {dtype: int32, shape: [8]}
  S: {dtype: int8, shape: [6]}
  U: {dtype: uint8, shape: [4]}
  L: {dtype: int64, shape: [4]}
  J: {dtype: int32, shape: [4]}
expect:
  buffers:
    I: [2, -2, 0, 0, 127, -128, 255, 1000000000]
    S: [2, -2, 0, 0, 127, -128]
    U: [255, 0, 0, 1]
    L: [9007199254740992, -4500000000000000, 1, -1]
    J: [65504, 0, 2, -3]
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((8,), "float32"), G: T.Buffer((4,), "float32"), D: T.Buffer((4,), "float64"), H: T.Buffer((2,), "float16"), BF: T.Buffer((2,), "bfloat16"), I: T.Buffer((8,), "int32"), S: T.Buffer((6,), "int8"), U: T.Buffer((4,), "uint8"), L: T.Buffer((4,), "int64"), J: T.Buffer((4,), "int32")):
    for i in range(8):
        I[i] = T.Cast("int32", F[i])
    for i in range(6):
        S[i] = T.Cast("int8", F[i])
    for i in range(4):
        U[i] = T.Cast("uint8", G[i])
        L[i] = T.Cast("int64", D[i])
    for i in range(2):
        J[i] = T.Cast("int32", H[i])
        J[i + 2] = T.Cast("int32", BF[i])
