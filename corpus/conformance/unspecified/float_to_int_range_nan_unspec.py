"""
description: A NaN cast to int32 has no guaranteed result
rules: [unspec.float_to_int_range, sem.expr.cast.float_to_int]
args:
  A: {dtype: float32, shape: [1], data: [nan]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int32")):
    B[0] = T.Cast("int32", A[0])
