"""
description: Each IntImm dimension must equal the tensor's extent - [2, 3] binds the (2, 3) buffer; [3, 2] (same size, other shape), [2, 4] and [1, 3] are binding errors
rules: [bind.shape]
cases:
  - args:
      A: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}
    expect:
      buffers: {A: [1, 2, 3, 4, 5, 0]}
  - args:
      A: {dtype: int32, shape: [3, 2], data: [1, 2, 3, 4, 5, 6]}
    expect:
      error: binding
  - args:
      A: {dtype: int32, shape: [2, 4], data: [1, 2, 3, 4, 5, 6, 7, 8]}
    expect:
      error: binding
  - args:
      A: {dtype: int32, shape: [1, 3], data: [1, 2, 3]}
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    A[1, 2] = 0
