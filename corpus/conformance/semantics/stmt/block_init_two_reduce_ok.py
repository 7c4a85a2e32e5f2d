"""
description: >-
  With two reduce vars, init runs only where both are at their minimum (vj = 0 and vk = 0), once per
  output element; B[i] = sum over j, k of A[i, j, k] - 0+1+2+3 = 6 and 4+5+6+7 = 22
rules: [sem.stmt.block.init]
args:
  A: {dtype: int64, shape: [2, 2, 2], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int64, shape: [2], data: [-1, -1]}
expect:
  buffers: {B: [6, 22]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2, 2), "int64"), B: T.Buffer((2,), "int64")):
    for i, j, k in T.grid(2, 2, 2):
        with T.block("B"):
            vi, vj, vk = T.axis.remap("SRR", [i, j, k])
            T.reads(A[vi, vj, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = T.int64(0)
            B[vi] = B[vi] + A[vi, vj, vk]
