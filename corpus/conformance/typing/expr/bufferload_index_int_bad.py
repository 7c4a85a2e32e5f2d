"""
description: A load indexed by a float32 value
rules: [type.expr.bufferload.index_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = A[T.float32(1.0)]
