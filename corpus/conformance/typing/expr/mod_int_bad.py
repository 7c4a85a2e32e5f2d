"""
description: Truncating Mod (T.truncmod) on float32 operands
rules: [type.expr.mod.int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32")):
    F[0] = T.truncmod(F[0], T.float32(2.0))
