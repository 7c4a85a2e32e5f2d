"""
description: shift_right by a negative amount (-1) has no guaranteed result
rules: [unspec.shift_amount, builtin.shift_right]
args:
  A: {dtype: int32, shape: [2], data: [16, -1]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((1,), "int32")):
    B[0] = T.shift_right(A[0], A[1])
