"""
description: A kAutoBroadcast param buffer without strides gets fresh stride Vars bound from a compact tensor
rules: [type.other.buffer.autobroadcast_strides]
args:
  a: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {B: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, B: T.Buffer((2, 2), "int32")):
    A = T.match_buffer(a, (2, 2), "int32", buffer_type="auto")
    for i, j in T.grid(2, 2):
        B[i, j] = A[i, j]
