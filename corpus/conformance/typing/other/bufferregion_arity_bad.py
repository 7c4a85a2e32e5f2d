"""
description: A block read region with one Range for a 2-d buffer
rules: [type.other.bufferregion.arity]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2, 2), "int32")):
    for i, j in T.grid(2, 2):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[0:2])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj]
