"""
description: >-
  The shape TVM's ThreadSync pass gives a kernel (launch_thread, shared.dyn allocations made per
  block, a local one per thread): sixteen threads stage A through a padded shared buffer, and
  after each T.tvm_storage_sync("shared.dyn") read what other threads wrote; E is A reversed
rules: [builtin.storage_sync, sem.stmt.attr.thread_extent]
args:
  A: {dtype: float32, shape: [16], data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]}
  E: {dtype: float32, shape: [16]}
expect:
  buffers: {E: [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((16,), "float32"), E: T.Buffer((16,), "float32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 1)
    B = T.allocate([24], "float32", "shared.dyn")
    D = T.allocate([16], "float32", "shared.dyn")
    threadIdx_x = T.launch_thread("threadIdx.x", 16)
    C = T.allocate([1], "float32", "local")
    B_1 = T.Buffer((24,), data=B, scope="shared.dyn")
    B_1[threadIdx_x // 4 * 6 + threadIdx_x % 4] = A[threadIdx_x]
    T.tvm_storage_sync("shared.dyn")
    C_1 = T.Buffer((1,), data=C, scope="local")
    C_1[0] = B_1[(15 - threadIdx_x) // 4 * 6 + (15 - threadIdx_x) % 4]
    D_1 = T.Buffer((16,), data=D, scope="shared.dyn")
    D_1[threadIdx_x] = C_1[0]
    T.tvm_storage_sync("shared.dyn")
    E[threadIdx_x] = D_1[threadIdx_x]
