"""
description: A Let's var is in scope in its body expression
rules: [scope.bind.let]
args:
  A: {dtype: float32, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [2.0, 6.0, 12.0, 20.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        v = T.float32()
        B[i] = T.Let(v * v + v, where={v: A[i]})
