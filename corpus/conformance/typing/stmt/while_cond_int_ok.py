"""
description: A While whose condition is an int32 load (Int scalar); it runs while the value is nonzero
rules: [type.stmt.while.cond]
args:
  K: {dtype: int32, shape: [2], data: [3, 0]}
expect:
  buffers: {K: [0, 3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(K: T.Buffer((2,), "int32")):
    while K[0]:
        K[0] = K[0] - 1
        K[1] = K[1] + 1
