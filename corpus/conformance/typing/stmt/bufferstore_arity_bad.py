"""
description: A store into a 2-d buffer with a single index
rules: [type.stmt.bufferstore.arity]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2, 2), "int32")):
    B[0] = 1
