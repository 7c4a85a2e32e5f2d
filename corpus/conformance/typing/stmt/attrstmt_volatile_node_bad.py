"""
description: A volatile_scope AttrStmt whose node is the literal 0 (not a Var)
rules: [type.stmt.attrstmt.volatile_node]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    with T.attr(0, "volatile_scope", 1):
        A[0] = 1
