"""
description: >-
  T.start_profile_intrinsic and T.end_profile_intrinsic mark a region for TVM's instrumentation
  and change nothing the program computes
rules: [builtin.profile_intrinsic]
args:
  A: {dtype: float32, shape: [3], data: [1.5, -2.0, 0.25]}
  B: {dtype: float32, shape: [3], data: [0.0, 0.0, 0.0]}
expect:
  buffers: {B: [3.0, -4.0, 0.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    T.start_profile_intrinsic(1)
    for i in range(3):
        B[i] = A[i] * T.float32(2)
    T.end_profile_intrinsic(1)
