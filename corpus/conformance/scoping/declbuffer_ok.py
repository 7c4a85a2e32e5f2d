"""
description: A DeclBuffer over an allocation whose data Var and shape Var n are already in scope
rules: [scope.declbuffer]
args:
  A: {dtype: float32, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float32, shape: [4]}
  n: 4
expect:
  buffers: {B: [1.0, 4.0, 9.0, 16.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), n: T.int32):
    p = T.allocate([n], "float32", "global")
    D = T.decl_buffer((n,), "float32", data=p)
    for i in range(n):
        D[i] = A[i] * A[i]
    for i in range(n):
        B[i] = D[i]
