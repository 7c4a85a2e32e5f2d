"""
description: A PrimFunc declared -> T.int32 whose body has no tir.ret
rules: [type.other.primfunc.ret.none]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    A[0] = 1
