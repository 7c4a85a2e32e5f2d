"""
description: A Void var used as an arithmetic operand (Void is opaque to TIR)
rules: [dtype.void, type.expr.binary.no_handle]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v = T.void()
    T.evaluate(T.Let(T.Add(v, v), where={v: T.Cast("void", 0)}))
    A[0] = 1
