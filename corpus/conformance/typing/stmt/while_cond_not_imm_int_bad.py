"""
description: A While whose condition is the int32 literal 1 (an IntImm node)
rules: [type.stmt.while.cond_not_imm]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    while 1:
        A[0] = A[0] + 1
