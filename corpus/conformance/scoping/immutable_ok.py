"""
description: Re-assigning a name in TVMScript binds a new Var (a new LetStmt) and does not change the loop var
rules: [scope.immutable]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [10, 11, 12, 13]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        x = i + 5
        x = x + 5
        A[i] = x
