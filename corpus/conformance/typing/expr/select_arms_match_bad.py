"""
description: A Select whose arms are int32 and int64 is a type error
rules: [type.expr.select.arms_match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = T.Select(A[0] > 0, A[0], T.int64(0))
