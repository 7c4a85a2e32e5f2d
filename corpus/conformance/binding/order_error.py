"""
description: The shape Var m is bound to 3 by A; B's extent 4 then disagrees with the bound m - a binding error (whichever buffer is bound first)
rules: [bind.order, bind.shape_var]
args:
  a: {dtype: int32, shape: [3], data: [4, 5, 6]}
  b: {dtype: int32, shape: [4]}
expect:
  error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, b: T.handle):
    m = T.int32()
    A = T.match_buffer(a, (m,), "int32")
    B = T.match_buffer(b, (m,), "int32")
    for i in range(m):
        B[i] = A[i] + 1
