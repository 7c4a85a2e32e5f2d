"""
description: >-
  Math builtins on vectors apply lane by lane - sqrt of a float32x4 [4, 9, 0.25, 2] is [2, 3, 0.5,
  1.41421353816986083984375]; floor of a float32x4 [1.5, -1.5, 2.0, -0.25] is [1, -2, 2, -1]
rules: [builtin.math.lanes, builtin.sqrt, builtin.floor]
args:
  A: {dtype: float32, shape: [4], data: [4.0, 9.0, 0.25, 2.0]}
  C: {dtype: float32, shape: [4], data: [1.5, -1.5, 2.0, -0.25]}
  B: {dtype: float32, shape: [8]}
expect:
  buffers: {B: [2.0, 3.0, 0.5, 1.41421353816986083984375, 1.0, -2.0, 2.0, -1.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), C: T.Buffer((4,), "float32"), B: T.Buffer((8,), "float32")):
    B[0:4] = T.sqrt(A[0:4])
    B[4:8] = T.floor(C[0:4])
