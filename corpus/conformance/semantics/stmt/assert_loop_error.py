"""
description: An assert inside a loop fails at the first negative element (iteration 2) with an assert error
rules: [sem.stmt.assert, sem.stmt.for.serial]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, -3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  error: assert
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        assert A[i] >= 0, "negative input"
        B[i] = A[i]
