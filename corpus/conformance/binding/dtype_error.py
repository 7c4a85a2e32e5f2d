"""
description: >-
  A DLTensor's dtype must equal its buffer's in code, bits and lanes - int32 binds; uint32 (code),
  int64 (bits), float32 (code) and int32x4 (lanes) tensors for the int32 buffer are binding errors
rules: [bind.dtype]
cases:
  - args:
      A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
    expect:
      buffers: {A: [2, 3, 4, 5]}
  - args:
      A: {dtype: uint32, shape: [4], data: [1, 2, 3, 4]}
    expect:
      error: binding
  - args:
      A: {dtype: int64, shape: [4], data: [1, 2, 3, 4]}
    expect:
      error: binding
  - args:
      A: {dtype: float32, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
    expect:
      error: binding
  - args:
      A: {dtype: int32x4, shape: [4], data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]}
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = A[i] + 1
