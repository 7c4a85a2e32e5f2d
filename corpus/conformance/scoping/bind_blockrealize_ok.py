"""
description: Block iter vars are in scope in the block's body and init
rules: [scope.bind.blockrealize]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [3, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2,), "int32")):
    for i, k in T.grid(2, 2):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = vi * 0
            B[vi] = B[vi] + A[vi, vk]
