"""
description: float32 128.0 cast to int8 - the truncated value 128 does not fit [-128, 127]
rules: [unspec.float_to_int_range, sem.expr.cast.float_to_int]
args:
  A: {dtype: float32, shape: [1], data: [128.0]}
  B: {dtype: int8, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int8")):
    B[0] = T.Cast("int8", A[0])
