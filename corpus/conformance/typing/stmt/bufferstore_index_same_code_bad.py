"""
description: A 2-d store with a uint32 and an int32 index (same bits, different code; stores need one code)
rules: [type.stmt.bufferstore.index_same]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2, 2), "int32")):
    B[T.uint32(0), 1] = 1
