"""
description: The Var named by a volatile_scope AttrStmt is bound before the AttrStmt, not inside its body
rules: [scope.attr_volatile]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    x: T.int32 = A[0] * A[1]
    with T.attr(x, "volatile_scope", 1):
        B[0] = x
