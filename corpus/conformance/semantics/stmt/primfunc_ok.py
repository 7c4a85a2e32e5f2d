"""
description: Calling a PrimFunc binds its scalar and buffer params from the arguments and runs its body - B = A * k + 1
rules: [sem.stmt.primfunc, sem.stmt.primfunc.params, sem.stmt.primfunc.outputs]
args:
  A: {dtype: int32, shape: [3], data: [1, 2, 3]}
  k: 4
  B: {dtype: int32, shape: [3]}
expect:
  buffers:
    A: [1, 2, 3]
    B: [5, 9, 13]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32"), k: T.int32, B: T.Buffer((3,), "int32")):
    for i in range(3):
        B[i] = A[i] * k + 1
