"""
description: An allocation whose condition is an int32 load (not a Bool scalar)
rules: [type.stmt.allocate.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global", A[0])
    B[0] = 1
