"""
description: Div of INT16_MIN (-32768) by -1 has no guaranteed result
rules: [unspec.int_min_div]
args:
  A: {dtype: int16, shape: [2], data: [-32768, -1]}
  B: {dtype: int16, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int16"), B: T.Buffer((1,), "int16")):
    B[0] = T.Div(A[0], A[1])
