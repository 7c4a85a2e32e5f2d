"""
description: An elem_offset given by the bound param e must equal the tensor's element offset (0) - e = 0 runs, e = 1 is a binding error
rules: [bind.elem_offset]
cases:
  - args:
      a: {dtype: int32, shape: [2], data: [1, 2]}
      e: 0
    expect:
      buffers: {a: [2, 2]}
  - args:
      a: {dtype: int32, shape: [2], data: [1, 2]}
      e: 1
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, e: T.int32):
    A = T.match_buffer(a, (2,), "int32", elem_offset=e)
    A[0] = A[1]
