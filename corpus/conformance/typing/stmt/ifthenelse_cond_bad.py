"""
description: An if whose condition is an int32 load (not Bool)
rules: [type.stmt.ifthenelse.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    if A[0]:
        A[1] = 1
