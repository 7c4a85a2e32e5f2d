"""
description: Let binds v to A[i] + 1 and yields v * v + v; A = [0, 1, -3, 4] gives v = [1, 2, -2, 5] and [2, 6, 2, 30]
rules: [sem.expr.let]
args:
  A: {dtype: int32, shape: [4], data: [0, 1, -3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 6, 2, 30]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        v = T.int32()
        B[i] = T.Let(v * v + v, where={v: A[i] + 1})
