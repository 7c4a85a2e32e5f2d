"""
description: shift_left of an int8 by 8 (its bit width) has no guaranteed result, even though C would promote to int
rules: [unspec.shift_amount, builtin.shift_left]
args:
  A: {dtype: int8, shape: [2], data: [1, 8]}
  B: {dtype: int8, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int8"), B: T.Buffer((1,), "int8")):
    B[0] = T.shift_left(A[0], A[1])
