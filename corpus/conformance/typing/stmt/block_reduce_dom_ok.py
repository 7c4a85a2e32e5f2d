"""
description: A reduction block with init whose reduce iter var has the domain [0, 4); init runs where vk == 0
rules: [type.stmt.block.reduce_dom]
args:
  A: {dtype: int32, shape: [2, 4], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  B: {dtype: int32, shape: [2], data: [100, 100]}
expect:
  buffers: {B: [10, 26]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((2,), "int32")):
    for i, k in T.grid(2, 4):
        with T.block("sum"):
            vi = T.axis.spatial(2, i)
            vk = T.axis.reduce(4, k)
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
