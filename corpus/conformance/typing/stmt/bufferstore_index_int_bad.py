"""
description: A store indexed by a float32 value
rules: [type.stmt.bufferstore.index_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    B[T.float32(0.0)] = 1
