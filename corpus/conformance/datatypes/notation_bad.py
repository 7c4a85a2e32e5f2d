"""
description: The datatype string int32x has no lane count after the x
rules: [dtype.notation]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32x")):
    T.evaluate(0)
