"""
description: >-
  The shape Var m shared by A and B is bound by the first buffer (A, extent 3) and checked against B
  (extent 3); the loop runs m = 3 times
rules: [bind.order, bind.shape]
args:
  a: {dtype: int32, shape: [3], data: [4, 5, 6]}
  b: {dtype: int32, shape: [3]}
expect:
  buffers: {b: [5, 6, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, b: T.handle):
    m = T.int32()
    A = T.match_buffer(a, (m,), "int32")
    B = T.match_buffer(b, (m,), "int32")
    for i in range(m):
        B[i] = A[i] + 1
