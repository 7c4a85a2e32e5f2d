"""
description: An allocation whose extent is an int32x4 vector
rules: [type.stmt.allocate.extents_scalar]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    p = T.allocate([T.Broadcast(4, 4)], "int32", "global")
    B[0] = 1
