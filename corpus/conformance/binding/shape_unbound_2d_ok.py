"""
description: Two unbound shape Vars of one buffer are each bound to their dimension - a [2, 3] tensor gives m = 2, n = 3 and A[i, j] = i * n + j
rules: [bind.shape]
args:
  a: {dtype: int32, shape: [2, 3]}
expect:
  buffers: {a: [0, 1, 2, 3, 4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle):
    m = T.int32()
    n = T.int32()
    A = T.match_buffer(a, (m, n), "int32")
    for i, j in T.grid(m, n):
        A[i, j] = i * n + j
