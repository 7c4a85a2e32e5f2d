"""
description: A buffer whose explicit strides (3, 1) are the compact row-major strides of its (2, 3) shape binds a tensor with null strides
rules: [bind.strides_compact, sem.stmt.primfunc.layout]
args:
  A: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}
  B: {dtype: int32, shape: [3]}
expect:
  buffers: {B: [5, 7, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32", strides=(3, 1)), B: T.Buffer((3,), "int32")):
    for j in range(3):
        B[j] = A[0, j] + A[1, j]
