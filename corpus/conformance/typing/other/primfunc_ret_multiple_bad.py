"""
description: Two tir.ret calls returning int32 and int64 values in one PrimFunc
rules: [type.other.primfunc.ret.multiple, type.other.primfunc.ret.prim]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    if A[0] > 0:
        return A[0]
    return T.int64(0)
