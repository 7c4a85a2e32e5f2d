"""
description: An alloc_buffer of a block inside a loop is allocated per block instance; each instance writes its scratch before reading it
rules: [sem.stmt.block.alloc, sem.stmt.blockrealize]
args:
  A: {dtype: int32, shape: [3], data: [2, 3, 4]}
  B: {dtype: int32, shape: [3]}
expect:
  buffers: {B: [6, 12, 20]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32")):
    for i in range(3):
        with T.block("b"):
            vi = T.axis.spatial(3, i)
            T.reads(A[vi])
            T.writes(B[vi])
            S = T.alloc_buffer((2,), "int32")
            S[0] = A[vi]
            S[1] = A[vi] + 1
            B[vi] = S[0] * S[1]
