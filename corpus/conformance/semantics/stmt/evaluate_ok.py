"""
description: Evaluate of a pure expression (a constant, an arithmetic expression) has no effect on memory
rules: [sem.stmt.evaluate]
args:
  A: {dtype: int32, shape: [2], data: [4, 5]}
expect:
  buffers: {A: [4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    T.evaluate(0)
    T.evaluate(A[0] * A[1] + 3)
