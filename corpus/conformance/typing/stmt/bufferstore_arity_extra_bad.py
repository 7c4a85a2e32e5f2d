"""
description: A store into a 1-d buffer with two indices
rules: [type.stmt.bufferstore.arity]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    B[0, 0] = 1
