"""
description: A store with no index into a 1-d buffer (only shape-() buffers take no index)
rules: [type.stmt.bufferstore.arity]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    B[()] = 1
