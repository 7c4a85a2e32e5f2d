"""
description: >-
  Int to float casts round to nearest, ties to even: int32 16777217 (2^24 + 1) -> float32 16777216,
  16777219 -> 16777220, 2147483647 -> 2147483648; uint32 4294967295 -> 4294967296; int64 2^53 + 1 ->
  float64 2^53; int32 to float16 2049 -> 2048, 65519 -> 65504, 70000 -> inf, -70000 -> -inf;
  int32 to bfloat16 257 -> 256, 259 -> 260
rules: [sem.expr.cast, sem.expr.cast.to_float]
args:
  A: {dtype: int32, shape: [4], data: [16777217, 16777219, -3, 2147483647]}
  U: {dtype: uint32, shape: [1], data: [4294967295]}
  L: {dtype: int64, shape: [1], data: [9007199254740993]}
  H: {dtype: int32, shape: [4], data: [2049, 65519, 70000, -70000]}
  K: {dtype: int32, shape: [2], data: [257, 259]}
  F: {dtype: float32, shape: [5]}
  D: {dtype: float64, shape: [1]}
  G: {dtype: float16, shape: [4]}
  B: {dtype: bfloat16, shape: [2]}
expect:
  buffers:
    F: [16777216.0, 16777220.0, -3.0, 2147483648.0, 4294967296.0]
    D: [9007199254740992.0]
    G: [2048.0, 65504.0, inf, -inf]
    B: [256.0, 260.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), U: T.Buffer((1,), "uint32"), L: T.Buffer((1,), "int64"), H: T.Buffer((4,), "int32"), K: T.Buffer((2,), "int32"), F: T.Buffer((5,), "float32"), D: T.Buffer((1,), "float64"), G: T.Buffer((4,), "float16"), B: T.Buffer((2,), "bfloat16")):
    for i in range(4):
        F[i] = T.Cast("float32", A[i])
        G[i] = T.Cast("float16", H[i])
    F[4] = T.Cast("float32", U[0])
    D[0] = T.Cast("float64", L[0])
    for i in range(2):
        B[i] = T.Cast("bfloat16", K[i])
