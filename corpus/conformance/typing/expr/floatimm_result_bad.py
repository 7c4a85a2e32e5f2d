"""
description: T.float64(1.0) has datatype float64, so adding it to a float32 load mixes datatypes
rules: [type.expr.floatimm.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A[0] = T.Add(A[0], T.float64(1.0))
