"""
description: A While whose condition is the literal T.bool(False) (an IntImm node)
rules: [type.stmt.while.cond_not_imm]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    while T.bool(False):
        A[0] = 1
