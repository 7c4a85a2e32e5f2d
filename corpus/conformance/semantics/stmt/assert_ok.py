"""
description: An AssertStmt whose condition is 1 runs its body
rules: [sem.stmt.assert]
args:
  A: {dtype: int32, shape: [2], data: [3, 0]}
expect:
  buffers: {A: [3, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    assert A[0] > 0, "A[0] must be positive"
    A[1] = A[0] * 3
