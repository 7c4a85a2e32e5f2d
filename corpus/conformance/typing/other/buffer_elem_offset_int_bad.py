"""
description: A block-allocated buffer whose elem_offset is a float32 value
rules: [type.other.buffer.elem_offset_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes(B[0:4])
        S = T.alloc_buffer((4,), "int32", elem_offset=T.float32(0.0))
        B[0] = 1
