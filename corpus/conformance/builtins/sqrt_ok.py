"""
description: >-
  tir.sqrt is correctly rounded (exact comparison) - sqrt(4) = 2, sqrt(0.25) = 0.5, float32 sqrt(2) =
  1.41421353816986083984375 (the nearer of its two float32 neighbours), sqrt(inf) = inf, sqrt(-1) = NaN,
  sqrt(-0.0) = -0.0 (copysign(1, sqrt(-0.0)) = -1); float64 sqrt(2) = 1.4142135623730951
rules: [builtin.sqrt, builtin.copysign]
args:
  A: {dtype: float32, shape: [6], data: [4.0, 0.25, 2.0, inf, -1.0, -0.0]}
  B: {dtype: float32, shape: [7]}
  D: {dtype: float64, shape: [2], data: [2.0, 1e300]}
  E: {dtype: float64, shape: [2]}
expect:
  buffers:
    B: [2.0, 0.5, 1.41421353816986083984375, inf, nan, -0.0, -1.0]
    E: [1.4142135623730951, 1e150]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((7,), "float32"), D: T.Buffer((2,), "float64"), E: T.Buffer((2,), "float64")):
    for i in range(6):
        B[i] = T.sqrt(A[i])
    B[6] = T.copysign(T.float32(1.0), T.sqrt(A[5]))
    for i in range(2):
        E[i] = T.sqrt(D[i])
