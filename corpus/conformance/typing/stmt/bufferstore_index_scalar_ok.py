"""
description: A 2-d store whose first index is scalar and whose last index is a 4-lane Ramp
rules: [type.stmt.bufferstore.index_scalar]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2, 4]}
expect:
  buffers: {B: [0, 0, 0, 0, 1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((2, 4), "int32")):
    B[1, 0:4] = A[0:4]
