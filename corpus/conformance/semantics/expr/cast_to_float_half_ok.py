"""
description: >-
  float32 to float16 rounds to nearest even: 2049 -> 2048 and 2051 -> 2052 (ties, spacing 2),
  65519 -> 65504, 65520 (halfway to 2^16, max's mantissa is odd) -> inf, -65520 -> -inf, NaN stays
  NaN; subnormals: 2^-25 ties between 0 and 2^-24 and goes to 0, 3 * 2^-26 rounds up to 2^-24
rules: [sem.expr.cast, sem.expr.cast.to_float]
args:
  A: {dtype: float32, shape: [8], data: [2049.0, 2051.0, 65519.0, 65520.0, -65520.0, nan, 2.98023223876953125e-08, 4.470348358154296875e-08]}
  B: {dtype: float16, shape: [8]}
expect:
  buffers:
    B: [2048.0, 2052.0, 65504.0, inf, -inf, nan, 0.0, 5.9604644775390625e-08]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float16")):
    for i in range(8):
        B[i] = T.Cast("float16", A[i])
