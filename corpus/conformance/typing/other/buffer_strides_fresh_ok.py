"""
description: Strides written as IntImms (not fresh Vars) are accepted - the fresh-Var restriction is not enforced
rules: [type.other.buffer.strides_fresh]
args:
  A: {dtype: float32, shape: [2, 2], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float32, shape: [2, 2]}
expect:
  buffers: {B: [2.0, 4.0, 6.0, 8.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "float32", strides=(2, 1)), B: T.Buffer((2, 2), "float32")):
    for i, j in T.grid(2, 2):
        B[i, j] = A[i, j] * T.float32(2.0)
