"""
description: A Let binding an int32 var to an int64 value
rules: [type.expr.let.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    v = T.int32()
    B[0] = T.Let(v, where={v: T.int64(3)})
