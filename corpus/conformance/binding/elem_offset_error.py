"""
description: A buffer elem_offset of IntImm 2 does not match a tensor with byte_offset 0 (element offset 0) - a binding error
rules: [bind.elem_offset]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32", elem_offset=2)):
    A[0] = 0
