"""
description: FloorDiv of INT64_MIN by -1 has no guaranteed result
rules: [unspec.int_min_div]
args:
  A: {dtype: int64, shape: [2], data: [-9223372036854775808, -1]}
  B: {dtype: int64, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int64"), B: T.Buffer((1,), "int64")):
    B[0] = A[0] // A[1]
