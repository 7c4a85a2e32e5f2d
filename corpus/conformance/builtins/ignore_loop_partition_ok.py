"""
description: >-
  T.ignore_loop_partition(cond) is cond itself (a hint to TVM's LoopPartition): the guarded
  stores happen exactly where i < x
rules: [builtin.ignore_loop_partition]
args:
  B: {dtype: int32, shape: [4], data: [0, 0, 0, 0]}
  x: 3
expect:
  buffers: {B: [1, 2, 3, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32"), x: T.int32):
    for i in range(4):
        if T.ignore_loop_partition(i < x):
            B[i] = i + 1
