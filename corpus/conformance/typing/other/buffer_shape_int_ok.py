"""
description: Buffers whose shapes are int64 literals and an int32 param
rules: [type.other.buffer.shape_int]
args:
  a: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
  n: 4
expect:
  buffers: {B: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, B: T.Buffer((T.int64(4),), "int32"), n: T.int32):
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        B[i] = A[i]
