"""
description: A thread_extent AttrStmt over an IterVar declared with T.env_thread and launched with T.launch_thread(tx, 4)
rules: [type.stmt.attrstmt.thread_node]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(tx, 4):
        A[tx] = tx + 1
