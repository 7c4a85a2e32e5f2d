"""
description: A 2-d load whose first index is scalar and whose last index is a 4-lane Ramp
rules: [type.expr.bufferload.index_scalar]
args:
  A: {dtype: int32, shape: [2, 4], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [4, 5, 6, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A[1, 0:4]
