"""
description: Nothing after a tir.ret runs - the store A[1] = 99 after the return is skipped, while the earlier store A[0] = 7 stays; the result is 7 * 3 = 21
rules: [sem.stmt.primfunc.return, builtin.ret, sem.stmt.primfunc.outputs]
args:
  A: {dtype: int32, shape: [2], data: [0, 0]}
expect:
  buffers: {A: [7, 0]}
  return: 21
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")) -> T.int32:
    A[0] = 7
    if A[0] > 0:
        return A[0] * 3
    A[1] = 99
    return 0
