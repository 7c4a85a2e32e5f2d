"""
description: A launch_thread IterVar whose domain extent is the int32 literal 4
rules: [type.other.itervar.extent_int]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  C: {dtype: int32, shape: [4]}
expect:
  buffers: {C: [1, 4, 9, 16]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    tx = T.launch_thread("threadIdx.x", 4)
    C[tx] = A[tx] * A[tx]
