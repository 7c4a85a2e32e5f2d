"""
description: An assert whose message is a string (StringImm)
rules: [type.stmt.assert.message]
args:
  A: {dtype: uint8, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [0, 1, 2, 3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint8")):
    assert A[0] == T.uint8(1), "first element is one"
    for i in range(4):
        A[i] = A[i] - T.uint8(1)
