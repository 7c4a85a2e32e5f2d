"""
description: float32 -1.0 cast to uint8 - the truncated value -1 does not fit [0, 255] (no wraparound for float sources)
rules: [unspec.float_to_int_range, sem.expr.cast.float_to_int]
args:
  A: {dtype: float32, shape: [1], data: [-1.0]}
  B: {dtype: uint8, shape: [1]}
expect:
  unspecified: overflow
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "uint8")):
    B[0] = T.Cast("uint8", A[0])
