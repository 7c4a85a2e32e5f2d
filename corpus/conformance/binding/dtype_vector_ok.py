"""
description: A vector-dtype buffer (float32x2) binds a float32x2 tensor, whose lanes are listed flat; a float32 tensor is a binding error
rules: [bind.dtype]
cases:
  - args:
      C: {dtype: float32x2, shape: [2], data: [1.0, 2.0, 3.0, 4.0]}
    expect:
      buffers: {C: [2.0, 4.0, 6.0, 8.0]}
  - args:
      C: {dtype: float32, shape: [2], data: [1.0, 2.0]}
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((2,), "float32x2")):
    for i in range(2):
        C[i] = C[i] * T.Broadcast(T.float32(2.0), 2)
