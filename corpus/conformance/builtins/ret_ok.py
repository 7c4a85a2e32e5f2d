"""
description: tir.ret ends the PrimFunc from inside nested loops and a block - main returns i * 10 + j for the first A[i, j] equal to 7 (here (1, 0) -> 10); nothing after runs
rules: [builtin.ret, sem.stmt.primfunc.return]
cases:
  - args:
      A: {dtype: int32, shape: [2, 2], data: [1, 2, 7, 7]}
      B: {dtype: int32, shape: [1]}
    expect:
      buffers: {B: [0]}
      return: 10
  - args:
      A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
      B: {dtype: int32, shape: [1]}
    expect:
      buffers: {B: [1]}
      return: -1
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((1,), "int32")) -> T.int32:
    for i in range(2):
        for j in range(2):
            if A[i, j] == 7:
                return i * 10 + j
    B[0] = 1
    return -1
