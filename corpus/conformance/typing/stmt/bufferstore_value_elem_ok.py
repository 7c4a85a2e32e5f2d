"""
description: Stored values whose code and bits equal the buffer's (bfloat16 and uint64)
rules: [type.stmt.bufferstore.value_elem]
args:
  A: {dtype: bfloat16, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
  U: {dtype: uint64, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [2.0, 4.0, 6.0, 8.0], U: [11, 12, 13, 14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "bfloat16"), U: T.Buffer((4,), "uint64")):
    for i in range(4):
        A[i] = A[i] + A[i]
        U[i] = U[i] + T.uint64(10)
