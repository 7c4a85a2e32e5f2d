"""
description: Integer division of a loaded value by the immediate 0 raises divide-by-zero when evaluated
rules: [sem.expr.div, sem.expr.intimm]
args:
  A: {dtype: int32, shape: [1], data: [5]}
expect:
  error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = T.Div(A[0], 0)
