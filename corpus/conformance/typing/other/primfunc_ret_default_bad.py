"""
description: A PrimFunc without a return annotation (ret_type TupleType([])) that returns an int32
rules: [type.other.primfunc.ret.default, type.other.primfunc.ret.prim]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    return A[0] + 1
