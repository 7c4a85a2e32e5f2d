"""
description: An assert whose condition is a scalar comparison (Bool scalar) that holds
rules: [type.stmt.assert.cond]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [2, 4, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    assert A[0] > 0, "A[0] must be positive"
    for i in range(4):
        A[i] = A[i] * 2
