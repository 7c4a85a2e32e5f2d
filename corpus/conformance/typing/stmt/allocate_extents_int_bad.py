"""
description: An allocation whose extent is a float32 value
rules: [type.stmt.allocate.extents_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    p = T.allocate([T.float32(4.0)], "int32", "global")
    B[0] = 1
