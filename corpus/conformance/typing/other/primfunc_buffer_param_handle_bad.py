"""
description: T.match_buffer on an int32 param (a buffer_map key must be a Handle)
rules: [type.other.primfunc.buffer_param_handle]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.int32):
    A = T.match_buffer(a, (4,), "int32")
    A[0] = 1
