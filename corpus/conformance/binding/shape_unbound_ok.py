"""
description: An unbound shape Var is bound to the tensor's extent - m becomes 3 for a [3] tensor and 5 for a [5] tensor, and the loop writes m everywhere
rules: [bind.shape]
cases:
  - args:
      a: {dtype: int32, shape: [3]}
    expect:
      buffers: {a: [3, 3, 3]}
  - args:
      a: {dtype: int32, shape: [5]}
    expect:
      buffers: {a: [5, 5, 5, 5, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle):
    m = T.int32()
    A = T.match_buffer(a, (m,), "int32")
    for i in range(m):
        A[i] = m
