"""
description: The sign bit of the NaN produced by 0.0 / 0.0 is unspecified, so copysign(1.0, 0.0 / 0.0) may be 1 or -1
rules: [unspec.nan_payload, sem.expr.float_ieee]
args:
  A: {dtype: float32, shape: [1], data: [0.0]}
  B: {dtype: float32, shape: [1]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.copysign(T.float32(1.0), A[0] / A[0])
