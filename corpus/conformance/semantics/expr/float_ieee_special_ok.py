"""
description: IEEE special values - inf - inf and inf * 0 are NaN, -inf + 1 is -inf, inf * -2 is -inf, NaN + 1 is NaN, and the smallest float32 subnormal 2^-149 halved ties to 0
rules: [sem.expr.float_ieee, sem.expr.sub, sem.expr.mul, sem.expr.add]
args:
  A: {dtype: float32, shape: [3], data: [inf, nan, 1.401298464324817e-45]}
  B: {dtype: float32, shape: [6]}
expect:
  buffers: {B: [nan, nan, -inf, -inf, nan, 0.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((6,), "float32")):
    B[0] = A[0] - A[0]
    B[1] = A[0] * T.float32(0.0)
    B[2] = T.float32(1.0) - A[0]
    B[3] = A[0] * T.float32(-2.0)
    B[4] = A[1] + T.float32(1.0)
    B[5] = A[2] * T.float32(0.5)
