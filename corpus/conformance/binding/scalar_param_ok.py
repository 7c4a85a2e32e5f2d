"""
description: A non-buffer param receives a scalar of its own datatype - float32 s = 0.5 scales A
rules: [bind.scalar_param, sem.stmt.primfunc.params]
args:
  A: {dtype: float32, shape: [2], data: [3.0, -5.0]}
  s: 0.5
expect:
  buffers: {A: [1.5, -2.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "float32"), s: T.float32):
    for i in range(2):
        A[i] = A[i] * s
