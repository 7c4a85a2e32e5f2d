"""
description: Nested loop vars are in scope in their bodies; the inner extent uses the outer loop var
rules: [scope.bind.for]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [0, 1, 3, 6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = 0
        for j in range(i):
            A[i] = A[i] + j + 1
