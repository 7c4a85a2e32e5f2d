"""
description: Mod of INT32_MIN by -1 has no guaranteed result (C traps on it)
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
    B[0] = T.truncmod(A[0], A[1])
