"""
description: >-
  float32 to bfloat16 (8 significant bits) rounds to nearest even: 1 + 2^-8 = 1.00390625 ties to
  1.0, 1 + 3 * 2^-8 = 1.01171875 ties to 1.015625, 257 ties to 256, FLT_MAX (lower 16 bits 0xFFFF)
  rounds up past the bfloat16 maximum to inf; NaN stays NaN; bfloat16 back to float32 is exact
rules: [sem.expr.cast, sem.expr.cast.to_float]
args:
  A: {dtype: float32, shape: [5], data: [1.00390625, 1.01171875, 257.0, 3.4028234663852886e38, nan]}
  BF: {dtype: bfloat16, shape: [2], data: [1.015625, -3.3895313892515355e38]}
  B: {dtype: bfloat16, shape: [5]}
  C: {dtype: float32, shape: [2]}
expect:
  buffers:
    B: [1.0, 1.015625, 256.0, inf, nan]
    C: [1.015625, -3.3895313892515355e38]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), BF: T.Buffer((2,), "bfloat16"), B: T.Buffer((5,), "bfloat16"), C: T.Buffer((2,), "float32")):
    for i in range(5):
        B[i] = T.Cast("bfloat16", A[i])
    for i in range(2):
        C[i] = T.Cast("float32", BF[i])
