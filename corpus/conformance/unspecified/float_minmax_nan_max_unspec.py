"""
description: max(1.0, NaN) may yield either operand
rules: [unspec.float_minmax_nan, sem.expr.max]
args:
  A: {dtype: float32, shape: [2], data: [1.0, nan]}
  B: {dtype: float32, shape: [1]}
expect:
  unspecified: ambiguous
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.max(A[0], A[1])
