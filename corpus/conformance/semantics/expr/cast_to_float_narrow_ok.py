"""
description: >-
  float64 to float32 rounds to nearest even and overflows to +-inf: 1e39 -> inf, -1e39 -> -inf,
  1 + 2^-24 ties to 1.0, 1 + 3 * 2^-24 ties to 1 + 2^-22 = 1.0000002384185791015625; float16 to
  float32 and float64 is exact (65504, the subnormal 2^-24)
rules: [sem.expr.cast, sem.expr.cast.to_float]
args:
  D: {dtype: float64, shape: [4], data: [1e39, -1e39, 1.000000059604644775390625, 1.000000178813934326171875]}
  H: {dtype: float16, shape: [2], data: [65504.0, 5.9604644775390625e-08]}
  F: {dtype: float32, shape: [6]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    F: [inf, -inf, 1.0, 1.0000002384185791015625, 65504.0, 5.9604644775390625e-08]
    E: [65504.0, 5.9604644775390625e-08]
"""
from tvm.script import tir as T


@T.prim_func
def main(D: T.Buffer((4,), "float64"), H: T.Buffer((2,), "float16"), F: T.Buffer((6,), "float32"), E: T.Buffer((2,), "float64")):
    for i in range(4):
        F[i] = T.Cast("float32", D[i])
    for i in range(2):
        F[i + 4] = T.Cast("float32", H[i])
        E[i] = T.Cast("float64", H[i])
