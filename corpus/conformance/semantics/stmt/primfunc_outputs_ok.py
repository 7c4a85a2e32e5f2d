"""
description: Writes to buffer params are what the caller observes - an in/out buffer is updated in place, a read-only one is unchanged, an output-only one is filled
rules: [sem.stmt.primfunc.outputs, bind.buffer_param]
args:
  A: {dtype: int32, shape: [3], data: [1, 2, 3]}
  B: {dtype: int32, shape: [3], data: [10, 20, 30]}
  C: {dtype: int32, shape: [3]}
expect:
  buffers:
    A: [1, 2, 3]
    B: [11, 22, 33]
    C: [1, 4, 9]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32"), C: T.Buffer((3,), "int32")):
    for i in range(3):
        B[i] = B[i] + A[i]
        C[i] = A[i] * A[i]
