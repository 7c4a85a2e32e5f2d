"""
description: T.int64(1) has datatype int64, so adding it to an int32 load mixes datatypes
rules: [type.expr.intimm.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = T.Add(A[0], T.int64(1))
