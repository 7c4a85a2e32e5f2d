"""
description: A thread var declared with T.env_thread but never launched is referenced
rules: [scope.bind.attr_thread, scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    A[0] = tx
