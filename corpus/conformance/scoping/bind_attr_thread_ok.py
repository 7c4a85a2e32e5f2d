"""
description: A thread var (T.env_thread launched by T.launch_thread) is in scope in the launch's body
rules: [scope.bind.attr_thread]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [3, 2, 1, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 4):
        A[tx] = 3 - tx
