"""
description: Vars are used only inside the bodies of the sites that bind them; a name may be bound again by a later loop
rules: [scope.lexical]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 4, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = A[i]
    for i in range(4):
        B[i] = B[i] * 2
