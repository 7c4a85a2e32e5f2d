"""
description: An assert whose message is a float32 value (neither a StringImm nor int32)
rules: [type.stmt.assert.message]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    assert A[0] == 1, T.float32(1.0)
    A[1] = 1
