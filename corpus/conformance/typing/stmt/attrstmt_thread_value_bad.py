"""
description: A thread_extent AttrStmt whose value is a param (not an IntImm)
rules: [type.stmt.attrstmt.thread_value]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    tx = T.launch_thread("threadIdx.x", n)
    A[tx] = tx
