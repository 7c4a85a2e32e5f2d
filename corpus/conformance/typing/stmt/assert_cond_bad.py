"""
description: An assert whose condition is an int32 load (not Bool)
rules: [type.stmt.assert.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    assert A[0], "A[0] must be nonzero"
    A[1] = 1
