"""
description: float64 -inf cast to int64 has no guaranteed result
rules: [unspec.float_to_int_range, sem.expr.cast.float_to_int]
args:
  A: {dtype: float64, shape: [1], data: [-inf]}
  B: {dtype: int64, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float64"), B: T.Buffer((1,), "int64")):
    B[0] = T.Cast("int64", A[0])
