"""
description: An assert whose message is an int64 value (only int32 or a StringImm)
rules: [type.stmt.assert.message]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    assert A[0] == 1, T.int64(42)
    A[1] = 1
