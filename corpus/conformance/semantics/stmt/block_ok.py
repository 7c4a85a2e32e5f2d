"""
description: A spatial block inside a loop runs once per instance with its iter var bound to the BlockRealize value; reads/writes/name have no effect
rules: [sem.stmt.block, sem.stmt.blockrealize]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, 5, 7, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] * 2 + 1
