"""
description: BlockRealize evaluates each iter value and binds it to its block var - vi = 3 - i reverses A, vj = j * 2 picks even columns; an opaque axis binds the same way
rules: [sem.stmt.blockrealize, sem.stmt.block]
args:
  A: {dtype: int32, shape: [4, 4], data: [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33]}
  B: {dtype: int32, shape: [4, 2]}
  C: {dtype: int32, shape: [4]}
expect:
  buffers:
    B: [30, 32, 20, 22, 10, 12, 0, 2]
    C: [3, 13, 23, 33]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4, 4), "int32"), B: T.Buffer((4, 2), "int32"), C: T.Buffer((4,), "int32")):
    for i, j in T.grid(4, 2):
        with T.block("B"):
            vi = T.axis.spatial(4, 3 - i)
            vj = T.axis.spatial(4, j * 2)
            T.reads(A[vi, vj])
            T.writes(B[3 - vi, vj // 2])
            B[3 - vi, vj // 2] = A[vi, vj]
    for i in range(4):
        with T.block("C"):
            vi = T.axis.opaque(4, i)
            T.reads(A[vi, 3])
            T.writes(C[vi])
            C[vi] = A[vi, 3]
