"""
description: T.sqrt of a float32 is float32, so adding a float64 literal to it mixes datatypes
rules: [type.expr.call.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float64")):
    B[0] = T.Add(T.sqrt(F[0]), T.float64(1.0))
