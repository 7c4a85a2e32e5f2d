"""
description: shift_left of an int32 by 32 (the bit width) has no guaranteed result
rules: [unspec.shift_amount, builtin.shift_left]
args:
  A: {dtype: int32, shape: [2], data: [1, 32]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.shift_left(A[0], A[1])
