"""
description: A thread_extent AttrStmt written with T.launch_thread has an IterVar node binding tx
rules: [type.stmt.attrstmt.thread_node]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [0, 2, 4, 6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.launch_thread("threadIdx.x", 4)
    A[tx] = tx * 2
