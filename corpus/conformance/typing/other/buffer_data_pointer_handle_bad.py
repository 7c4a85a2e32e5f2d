"""
description: A Buffer whose data is a T.handle param annotated PrimType(handle), not a PointerType
rules: [type.other.buffer.data_pointer]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32"), h: T.handle):
    X = T.Buffer((4,), "int32", data=h)
    B[0] = X[0]
