"""
description: A block-allocated 2-d buffer whose strides are int64 and int32 (they must share one datatype)
rules: [type.other.buffer.strides_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads()
        T.writes(B[0:4])
        S = T.alloc_buffer((2, 2), "int32", strides=(T.int64(2), 1))
        B[0] = 1
