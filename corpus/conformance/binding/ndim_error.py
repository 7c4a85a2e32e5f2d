"""
description: A DLTensor's ndim must equal the buffer's - shape [2, 2] binds the (2, 2) buffer; [4] and [2, 2, 1] are binding errors
rules: [bind.ndim]
cases:
  - args:
      A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
    expect:
      buffers: {A: [1, 3, 2, 4]}
  - args:
      A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
    expect:
      error: binding
  - args:
      A: {dtype: int32, shape: [2, 2, 1], data: [1, 2, 3, 4]}
    expect:
      error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32")):
    with T.block("root"):
        T.reads(A[0:2, 0:2])
        T.writes(A[0:2, 0:2])
        S = T.alloc_buffer((2, 2), "int32")
        for i, j in T.grid(2, 2):
            S[i, j] = A[j, i]
        for i, j in T.grid(2, 2):
            A[i, j] = S[i, j]
