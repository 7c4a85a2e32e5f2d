"""
description: tir.ret of a comparison (Bool) in a PrimFunc declared -> T.int32
rules: [type.other.primfunc.ret.prim]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    return A[0] < A[1]
