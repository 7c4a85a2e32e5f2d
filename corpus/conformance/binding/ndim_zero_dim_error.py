"""
description: A shape-() buffer needs a 0-d tensor - shape [] binds, shape [1] (one element, but ndim 1) is a binding error
rules: [bind.ndim]
cases:
  - args:
      A: {dtype: int32, shape: [], data: [5]}
    expect:
      buffers: {A: [6]}
  - args:
      A: {dtype: int32, shape: [1], data: [5]}
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((), "int32")):
    A[()] = A[()] + 1
