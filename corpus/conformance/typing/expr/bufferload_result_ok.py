"""
description: A scalar-index load from an int32x4 buffer is int32x4; a 2-lane Ramp index on it gives int32x8
rules: [type.expr.bufferload.result]
args:
  C: {dtype: int32x4, shape: [2], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [4]}
  D: {dtype: int32, shape: [8]}
expect:
  buffers: {B: [4, 5, 6, 7], D: [0, 1, 2, 3, 4, 5, 6, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((2,), "int32x4"), B: T.Buffer((4,), "int32"), D: T.Buffer((8,), "int32")):
    B[0:4] = C[1]
    D[0:8] = C[0:2]
