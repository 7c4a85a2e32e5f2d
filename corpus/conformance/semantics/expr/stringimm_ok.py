"""
description: A StringImm evaluates to a handle; binding T.StringImm("hello") to a handle LetStmt var and evaluating "world" as a statement have no other effect
rules: [sem.expr.stringimm, sem.stmt.evaluate]
args:
  A: {dtype: int32, shape: [2], data: [3, 4]}
expect:
  buffers: {A: [4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    s: T.handle = T.StringImm("hello")
    T.evaluate("world")
    A[0] = A[0] + 1
    A[1] = A[1] + 1
