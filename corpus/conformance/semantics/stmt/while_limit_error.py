"""
description: A While whose condition never becomes 0 runs forever; the implementation stops it with a limit error
rules: [sem.stmt.while, sem.stmt.limit]
args:
  K: {dtype: int32, shape: [2], data: [0, 0]}
expect:
  error: limit
"""
from tvm.script import tir as T


@T.prim_func
def main(K: T.Buffer((2,), "int32")):
    while K[0] < 1:
        K[1] = K[1] + 1
