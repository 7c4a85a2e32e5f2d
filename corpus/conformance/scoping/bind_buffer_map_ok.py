"""
description: A Var n appearing only in a buffer_map buffer's shape is bound from the tensor (n = 4) for the whole body
rules: [scope.bind.buffer_map]
args:
  a: {dtype: int32, shape: [4], data: [5, 6, 7, 8]}
  B: {dtype: int32, shape: [1]}
expect:
  buffers: {B: [26]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, B: T.Buffer((1,), "int32")):
    n = T.int32()
    A = T.match_buffer(a, (n,), "int32")
    B[0] = 0
    for i in range(n):
        B[0] = B[0] + A[i]
