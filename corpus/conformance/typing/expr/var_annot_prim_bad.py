"""
description: A var annotated T.float16 is float16, so adding a float32 literal to it mixes datatypes
rules: [type.expr.var.annot_prim, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float32")):
    x: T.float16 = A[0]
    B[0] = T.Add(x, T.float32(1.0))
