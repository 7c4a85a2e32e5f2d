"""
description: A BufferLoad of a (2, 3) buffer reads the element at its index tuple; with row-major data [0..5], A[1, 2] is 5, A[0, 1] is 1, A[1, 0] is 3, A[0, 2] is 2
rules: [sem.expr.bufferload, sem.stmt.primfunc.layout]
args:
  A: {dtype: int32, shape: [2, 3], data: [0, 1, 2, 3, 4, 5]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [5, 1, 3, 2]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = A[1, 2]
    B[1] = A[0, 1]
    B[2] = A[1, 0]
    B[3] = A[0, 2]
