"""
description: >-
  float32 ops round each result to nearest even: 0.1f + 0.2f is exactly 0.300000004470348358...,
  which rounds to 0.300000011920928955078125 (= 0.3f); 2^-126 * 0.5 = 2^-127 stays a subnormal
  (no flush to zero); FLT_MAX * 2 overflows to inf; 16777216 + 1 ties back to 16777216
rules: [sem.expr.float_ieee, sem.expr.add, sem.expr.mul]
args:
  A: {dtype: float32, shape: [6], data: [0.1, 0.2, 1.1754943508222875e-38, 3.4028234663852886e38, 16777216.0, 1.0]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [0.300000011920928955078125, 5.877471754111438e-39, inf, 16777216.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((4,), "float32")):
    B[0] = A[0] + A[1]
    B[1] = A[2] * T.float32(0.5)
    B[2] = A[3] * T.float32(2.0)
    B[3] = A[4] + A[5]
