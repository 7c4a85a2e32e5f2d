"""
description: A While whose condition is a Var-dependent expression (not an IntImm node)
rules: [type.stmt.while.cond_not_imm]
args:
  K: {dtype: int64, shape: [1], data: [10]}
expect:
  buffers: {K: [-2]}
"""
from tvm.script import tir as T


@T.prim_func
def main(K: T.Buffer((1,), "int64")):
    while K[0] > T.int64(0):
        K[0] = K[0] - T.int64(4)
