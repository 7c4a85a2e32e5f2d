"""
description: T.match_buffer at function level on a handle x that is not a param
rules: [type.other.primfunc.buffer_map_keys]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle):
    x = T.handle()
    A = T.match_buffer(x, (4,), "int32")
    A[0] = 1
