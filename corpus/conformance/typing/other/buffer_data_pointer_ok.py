"""
description: A Buffer declared over an allocate's buffer_var (PointerType(PrimType(uint32)))
rules: [type.other.buffer.data_pointer]
args:
  A: {dtype: uint32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: uint32, shape: [4]}
expect:
  buffers: {B: [2, 3, 4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint32"), B: T.Buffer((4,), "uint32")):
    p = T.allocate([4], "uint32", "global")
    P = T.Buffer((4,), "uint32", data=p)
    for i in range(4):
        P[i] = A[i] + T.uint32(1)
    for i in range(4):
        B[i] = P[i]
