"""
description: FloorMod of INT8_MIN (-128) by -1 has no guaranteed result
rules: [unspec.int_min_div]
args:
  A: {dtype: int8, shape: [2], data: [-128, -1]}
  B: {dtype: int8, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int8"), B: T.Buffer((1,), "int8")):
    B[0] = A[0] % A[1]
