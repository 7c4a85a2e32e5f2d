"""
description: A BufferStore writes its value to the element at its index tuple - a (2, 3) buffer filled with i * 10 + j is [0, 1, 2, 10, 11, 12] row-major
rules: [sem.stmt.bufferstore, sem.stmt.primfunc.layout]
args:
  A: {dtype: int32, shape: [2, 3]}
expect:
  buffers: {A: [0, 1, 2, 10, 11, 12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32")):
    for i in range(2):
        for j in range(3):
            A[i, j] = i * 10 + j
