"""
description: T.decl_buffer without data is an Allocate followed by a DeclBuffer of that allocation; the buffer is written, then read
rules: [sem.stmt.declbuffer, sem.stmt.allocate]
args:
  A: {dtype: float32, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [3.0, 5.0, 7.0, 9.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    D = T.decl_buffer((4,), "float32")
    for i in range(4):
        D[i] = A[i] * T.float32(2.0)
    for i in range(4):
        B[i] = D[i] + T.float32(1.0)
