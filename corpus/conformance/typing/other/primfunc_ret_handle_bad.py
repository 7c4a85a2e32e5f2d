"""
description: tir.ret of a non-Var Handle in a PrimFunc declared -> T.int64 (a PointerType is required)
rules: [type.other.primfunc.ret.handle]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int64:
    A[0] = 5
    return T.Cast("handle", T.int64(0))
