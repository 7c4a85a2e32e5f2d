"""
description: min(NaN, 1.0) may yield either operand (IEEE 754-2008 minNum gives 1.0, 754-2019 minimum gives NaN)
rules: [unspec.float_minmax_nan, sem.expr.min]
args:
  A: {dtype: float32, shape: [2], data: [nan, 1.0]}
  B: {dtype: float32, shape: [1]}
expect:
  unspecified: ambiguous
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "float32"), B: T.Buffer((1,), "float32")):
    B[0] = T.min(A[0], A[1])
