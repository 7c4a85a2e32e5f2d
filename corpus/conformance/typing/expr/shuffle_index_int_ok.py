"""
description: A Shuffle whose indices are int32 and int64 scalars
rules: [type.expr.shuffle.index_int]
args:
  A: {dtype: float32, shape: [4], data: [0.5, 1.5, 2.5, 3.5]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [1.5, 1.5, 3.5, 0.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Shuffle([A[0:4]], [1, T.int64(1), 3, 0])
