"""
description: >-
  T.allocate_const starts its buffer with the given data (TVM's AllocateConst), so
  B[i] = A[i] + K[i] adds 1, 2, 3, 4 to A's elements; the contents are readable at once, with no
  store before the first load
rules: [sem.stmt.allocate_const, sem.stmt.allocate]
args:
  A: {dtype: int32, shape: [4], data: [10, 20, 30, 40]}
  B: {dtype: int32, shape: [4], data: [0, 0, 0, 0]}
expect:
  buffers: {B: [11, 22, 33, 44]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    K = T.allocate_const([1, 2, 3, 4], "int32", [4])
    K_1 = T.Buffer((4,), "int32", data=K)
    for i in range(4):
        B[i] = A[i] + K_1[i]
