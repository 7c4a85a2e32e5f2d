"""
description: A param buffer with the written elem_offset 0 (not a fresh Var) is accepted - the restriction is not enforced
rules: [type.other.buffer.elem_offset_fresh]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [0, 1, 2, 3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32", elem_offset=0)):
    for i in range(4):
        A[i] = A[i] - 1
