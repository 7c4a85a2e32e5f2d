"""
description: Buffers are used only where their data Vars are in scope (params, an allocation, a decl_buffer)
rules: [scope.buffer.out_of_scope]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, 5, 7, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        D = T.decl_buffer((1,), "int32")
        D[0] = A[i] * 2
        B[i] = D[0] + 1
