"""
description: A buffer_map key param declared T.handle has a Handle datatype
rules: [type.other.primfunc.buffer_param_handle]
args:
  a: {dtype: int8, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {a: [2, 3, 4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle):
    A = T.match_buffer(a, (4,), "int8")
    for i in range(4):
        A[i] = A[i] + T.int8(1)
