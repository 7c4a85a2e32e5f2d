"""
description: Every Var is bound once - two Lets use two distinct Vars v and w
rules: [scope.ssa]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, 0, 0, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    v = T.int32()
    w = T.int32()
    B[0] = T.Let(v, where={v: A[0]}) + T.Let(w, where={w: A[1]})
