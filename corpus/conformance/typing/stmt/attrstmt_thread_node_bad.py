"""
description: A thread_extent AttrStmt whose node is the literal 0 (neither a Var nor an IterVar)
rules: [type.stmt.attrstmt.thread_node]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.attr(0, "thread_extent", 4)
    A[0] = 1
