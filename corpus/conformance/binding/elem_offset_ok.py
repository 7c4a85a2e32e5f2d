"""
description: A buffer elem_offset of IntImm 0 matches a tensor with byte_offset 0; an unbound elem_offset Var is bound to 0 (byte_offset / element size) and can be read
rules: [bind.elem_offset]
args:
  A: {dtype: int32, shape: [2], data: [3, 4]}
  b: {dtype: int32, shape: [2], data: [5, 6]}
  C: {dtype: int32, shape: [2]}
expect:
  buffers: {C: [9, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32", elem_offset=0), b: T.handle, C: T.Buffer((2,), "int32")):
    eo = T.int32()
    B = T.match_buffer(b, (2,), "int32", elem_offset=eo)
    C[0] = A[0] + B[1]
    C[1] = eo
