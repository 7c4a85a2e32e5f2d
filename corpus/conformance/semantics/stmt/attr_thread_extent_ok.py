"""
description: A thread_extent AttrStmt (T.launch_thread) runs its body once per thread with tx bound to 0 .. 3; nested blockIdx.x (2) x threadIdx.x (4) covers all 8 elements
rules: [sem.stmt.attr.thread_extent]
args:
  A: {dtype: int32, shape: [4]}
  B: {dtype: int32, shape: [8]}
expect:
  buffers:
    A: [0, 2, 4, 6]
    B: [0, 1, 2, 3, 10, 11, 12, 13]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((8,), "int32")):
    with T.launch_thread("threadIdx.x", 4) as tx:
        A[tx] = tx * 2
    bx = T.env_thread("blockIdx.x")
    ty = T.env_thread("threadIdx.y")
    with T.launch_thread(bx, 2):
        with T.launch_thread(ty, 4):
            B[bx * 4 + ty] = bx * 10 + ty
