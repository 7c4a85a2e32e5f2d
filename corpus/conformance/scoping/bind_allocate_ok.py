"""
description: An allocate's buffer_var (and a Buffer over it) is in scope for the rest of its block
rules: [scope.bind.allocate]
args:
  A: {dtype: float32, shape: [4], data: [4.0, 3.0, 2.0, 1.0]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [1.0, 2.0, 3.0, 4.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    p = T.allocate([4], "float32", "global")
    P = T.Buffer((4,), "float32", data=p)
    for i in range(4):
        P[3 - i] = A[i]
    for i in range(4):
        B[i] = P[i]
