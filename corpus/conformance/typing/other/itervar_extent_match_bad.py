"""
description: An int32 env_thread var launched with an int64 extent (the IterVar's extent and var differ)
rules: [type.other.itervar.extent_match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, T.int64(4)):
        A[tx] = tx
