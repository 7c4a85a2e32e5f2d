"""
description: A 2-d store with an int64 and an int32 index (different bit widths)
rules: [type.stmt.bufferstore.index_same]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2, 2), "int32")):
    B[T.int64(0), 1] = 1
