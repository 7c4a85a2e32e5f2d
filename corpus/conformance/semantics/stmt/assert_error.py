"""
description: An AssertStmt whose condition is 0 raises an assert error and runs nothing further; it passes for A[0] = 3
rules: [sem.stmt.assert]
cases:
  - args:
      A: {dtype: int32, shape: [2], data: [3, 0]}
    expect:
      buffers: {A: [3, 1]}
  - args:
      A: {dtype: int32, shape: [2], data: [-3, 0]}
    expect:
      error: assert
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    assert A[0] > 0, "A[0] must be positive"
    A[1] = 1
