"""
description: An error in one thread of a thread_extent AttrStmt stops execution there - thread 2 divides by D[2] = 0 (error divide-by-zero)
rules: [sem.stmt.attr.thread_extent, sem.expr.floordiv]
args:
  A: {dtype: int32, shape: [4], data: [4, 8, 12, 16]}
  D: {dtype: int32, shape: [4], data: [1, 2, 0, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    tx = T.launch_thread("threadIdx.x", 4)
    B[tx] = A[tx] // D[tx]
