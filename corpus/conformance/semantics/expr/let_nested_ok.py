"""
description: Nested Lets - the inner value w = v * 3 sees the outer binding v = A[i] - 1, and the body w - v is 2 * v; A = [1, 2, 5, -1] gives [0, 2, 8, -4]
rules: [sem.expr.let, sem.expr.var]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 5, -1]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [0, 2, 8, -4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        v = T.int32()
        w = T.int32()
        B[i] = T.Let(T.Let(w - v, where={w: v * 3}), where={v: A[i] - 1})
