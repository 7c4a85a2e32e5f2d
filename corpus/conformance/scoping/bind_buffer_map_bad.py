"""
description: A Var n appearing only inside the shape expression n * 2 is not bound by buffer_map binding, yet is used
rules: [scope.bind.buffer_map, scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, B: T.Buffer((1,), "int32")):
    n = T.int32()
    A = T.match_buffer(a, (n * 2,), "int32")
    B[0] = n
