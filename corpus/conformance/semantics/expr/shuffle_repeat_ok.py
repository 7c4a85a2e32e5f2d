"""
description: Shuffle indices may repeat lanes and skip others - Shuffle([A[0:4], A[4:8]], [6, 6, 6, 6, 1, 1, 0, 7]) of float32 lanes [0.5 .. 7.5]
rules: [sem.expr.shuffle]
args:
  A: {dtype: float32, shape: [8], data: [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]}
  B: {dtype: float32, shape: [8]}
expect:
  buffers: {B: [6.5, 6.5, 6.5, 6.5, 1.5, 1.5, 0.5, 7.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    B[0:8] = T.Shuffle([A[0:4], A[4:8]], [6, 6, 6, 6, 1, 1, 0, 7])
