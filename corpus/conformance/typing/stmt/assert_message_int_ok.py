"""
description: An assert whose message is an int32 expression (allowed besides a StringImm)
rules: [type.stmt.assert.message]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [1, 2, 3, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    assert A[0] == 1, 42
    A[3] = A[3] + 1
