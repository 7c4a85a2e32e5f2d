"""
description: A Var evaluates to its bound value - the scalar param n (7) and the loop var i
rules: [sem.expr.var, sem.stmt.primfunc.params]
args:
  A: {dtype: int32, shape: [4]}
  n: 7
expect:
  buffers: {A: [70, 71, 72, 73]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        A[i] = n * 10 + i
