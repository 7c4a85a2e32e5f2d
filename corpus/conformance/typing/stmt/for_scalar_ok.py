"""
description: A For whose loop var, min and extent are scalar int32 (min 1, extent 3)
rules: [type.stmt.for.scalar]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [0, 10, 20, 30]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(1, 4):
        A[i] = i * 10
