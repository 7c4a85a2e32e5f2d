"""
description: An assert whose condition is a bool x4 vector (not a scalar)
rules: [type.stmt.assert.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    assert A[0:4] > T.Broadcast(0, 4), "all positive"
    A[1] = 1
