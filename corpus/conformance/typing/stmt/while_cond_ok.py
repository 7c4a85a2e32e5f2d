"""
description: A While whose condition is a comparison (Bool, accepted as a 1-bit UInt)
rules: [type.stmt.while.cond]
args:
  K: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers: {K: [3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(K: T.Buffer((1,), "int32")):
    while K[0] < 3:
        K[0] = K[0] + 1
