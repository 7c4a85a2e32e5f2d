"""
description: Add of an int32x4 and a scalar int32 operand (lanes differ; no implicit broadcast in the IR)
rules: [type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0:4] = T.Add(A[0:4], A[0])
