"""
description: float16 65504 cast to int16 - beyond INT16_MAX 32767
rules: [unspec.float_to_int_range, sem.expr.cast.float_to_int]
args:
  A: {dtype: float16, shape: [1], data: [65504.0]}
  B: {dtype: int16, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float16"), B: T.Buffer((1,), "int16")):
    B[0] = T.Cast("int16", A[0])
