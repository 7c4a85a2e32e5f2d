"""
description: A launch_thread IterVar whose domain extent is uint32 (the extent must have the Int code)
rules: [type.other.itervar.extent_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint32")):
    tx = T.launch_thread("threadIdx.x", T.uint32(4))
    A[tx] = tx
