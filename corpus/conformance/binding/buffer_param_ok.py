"""
description: Buffer params receive DLTensors - one declared in the signature as T.Buffer, one as a T.handle matched with T.match_buffer; both back their buffers for the call
rules: [bind.buffer_param, sem.stmt.primfunc]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  b: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {b: [1, 3, 2, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), b: T.handle):
    B = T.match_buffer(b, (2, 2), "int32")
    for i, j in T.grid(2, 2):
        B[i, j] = A[j, i]
