"""
description: tir.ret of a float64 expression in a PrimFunc declared -> T.float32
rules: [type.other.primfunc.ret.prim]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float64")) -> T.float32:
    return A[0] * A[1]
