"""
description: tir.isfinite yields Bool 1 exactly when x is neither NaN nor infinite - over [NaN, inf, -inf, 1.0, -0.0, 2^-149] it is [0, 0, 0, 1, 1, 1]
rules: [builtin.isfinite]
args:
  A: {dtype: float32, shape: [6], data: [nan, inf, -inf, 1.0, -0.0, 1.401298464324817e-45]}
  B: {dtype: bool, shape: [6]}
expect:
  buffers:
    B: [0, 0, 0, 1, 1, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((6,), "float32"), B: T.Buffer((6,), "bool")):
    for i in range(6):
        B[i] = T.isfinite(A[i])
