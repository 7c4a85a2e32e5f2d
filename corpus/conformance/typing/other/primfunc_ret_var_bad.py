"""
description: tir.ret of a var annotated T.int16 in a PrimFunc declared -> T.int32
rules: [type.other.primfunc.ret.var]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int16")) -> T.int32:
    s: T.int16 = A[0] + A[1]
    return s
