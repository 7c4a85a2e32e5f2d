"""
description: Block iter vars of int32 and int64 (Int scalars)
rules: [type.stmt.block.itervar_int]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2, 2]}
  C: {dtype: int32, shape: [4], data: [5, 6, 7, 8]}
  D: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 3, 4, 5], D: [6, 7, 8, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2, 2), "int32"), C: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32")):
    for i, j in T.grid(2, 2):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] + 1
    for k in range(T.int64(4)):
        with T.block("D"):
            vk = T.axis.spatial(T.int64(4), k)
            T.reads(C[vk])
            T.writes(D[vk])
            D[vk] = C[vk] + 1
