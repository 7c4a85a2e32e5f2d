"""
description: >-
  A handle cast to handle is the same pointer, so the buffer Q over the cast of p views p's
  allocation; an int64 0 cast to handle (the null pointer) evaluates without effect
rules: [sem.expr.cast.handle, sem.stmt.letstmt.pointer, sem.stmt.allocate]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [11, 12, 13, 14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    T.evaluate(T.Cast("handle", T.int64(0)))
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    q: T.handle("int32", "global") = T.Cast("handle", p)
    Q = T.Buffer((4,), "int32", data=q)
    for i in range(4):
        P[i] = A[i] + 10
    for i in range(4):
        B[i] = Q[i]
