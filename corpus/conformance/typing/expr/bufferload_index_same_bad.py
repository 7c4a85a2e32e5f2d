"""
description: A 2-d load with an int64 and an int32 index (different bit widths)
rules: [type.expr.bufferload.index_same]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[T.int64(1), 2]
