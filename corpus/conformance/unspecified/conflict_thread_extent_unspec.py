"""
description: Thread tx of a thread_extent AttrStmt reads A[(tx + 1) % 4], which another thread writes
rules: [unspec.conflict.thread, sem.stmt.attr.thread_extent]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  unspecified: conflict
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    tx = T.launch_thread("threadIdx.x", 4)
    A[tx] = A[(tx + 1) % 4] * 2
