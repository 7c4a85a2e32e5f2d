"""
description: Params (a buffer and a scalar) are in scope for the whole body, including nested loops and branches
rules: [scope.bind.param]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  k: 10
expect:
  buffers: {A: [11, 12, 13, 14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), k: T.int32):
    for i in range(2):
        for j in range(2):
            if k > 0:
                A[i, j] = A[i, j] + k
