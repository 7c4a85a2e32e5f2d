"""
description: A For whose loop var, min and extent are int64, the extent a param
rules: [type.stmt.for.bits]
args:
  A: {dtype: int64, shape: [4]}
  n: 3
expect:
  buffers: {A: [0, 1, 4, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), n: T.int64):
    for i in range(n):
        A[i] = i * i
