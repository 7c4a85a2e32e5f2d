"""
description: Every Var referenced is bound by an enclosing site (param, loop, LetStmt, Let)
rules: [scope.unbound]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  n: 2
expect:
  buffers: {A: [3, 4, 5, 6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        x: T.int32 = A[i]
        v = T.int32()
        A[i] = T.Let(v + n, where={v: x})
