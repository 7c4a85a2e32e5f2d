"""
description: A block-allocated buffer whose stride is a float32 value
rules: [type.other.buffer.strides_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes(B[0:4])
        S = T.alloc_buffer((4,), "int32", strides=(T.float32(1.0),))
        B[0] = 1
