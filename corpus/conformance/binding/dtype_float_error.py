"""
description: A float16 or bfloat16 tensor for a float32 buffer (same code family, other bits or code) is a binding error; float32 binds
rules: [bind.dtype]
cases:
  - args:
      A: {dtype: float32, shape: [2], data: [1.5, 2.5]}
    expect:
      buffers: {A: [3.0, 5.0]}
  - args:
      A: {dtype: float16, shape: [2], data: [1.5, 2.5]}
    expect:
      error: binding
  - args:
      A: {dtype: bfloat16, shape: [2], data: [1.5, 2.5]}
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "float32")):
    for i in range(2):
        A[i] = A[i] * T.float32(2.0)
