"""
description: An env_thread var of int64 launched with an int64 extent (extent datatype equals the var's)
rules: [type.other.itervar.extent_match]
args:
  A: {dtype: int64, shape: [4]}
expect:
  buffers: {A: [10, 11, 12, 13]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64")):
    tx = T.env_thread("threadIdx.x", dtype="int64")
    with T.launch_thread(tx, T.int64(4)):
        A[tx] = tx + T.int64(10)
