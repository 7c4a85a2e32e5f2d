"""
description: Div of INT32_MIN by -1 (the quotient 2^31 does not fit int32) has no guaranteed result
rules: [unspec.int_min_div]
args:
  A: {dtype: int32, shape: [2], data: [-2147483648, -1]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.Div(A[0], A[1])
