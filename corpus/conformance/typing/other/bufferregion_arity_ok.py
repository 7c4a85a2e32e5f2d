"""
description: Block read/write regions with one Range per dimension of a 2-d buffer
rules: [type.other.bufferregion.arity]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {B: [3, 4, 5, 6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2, 2), "int32")):
    for i, j in T.grid(2, 2):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, 0:2])
            B[vi, vj] = A[vi, vj] + 2
