"""
description: A thread var referenced after the thread_extent AttrStmt that binds it
rules: [scope.bind.attr_thread, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 4):
        A[tx] = 1
    A[0] = tx
