"""
description: Both virtual threads write the same element A[0]
rules: [unspec.conflict.thread, sem.stmt.attr.virtual_thread]
args:
  A: {dtype: int32, shape: [1]}
expect:
  unspecified: conflict
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    vt = T.launch_thread("vthread", 2)
    A[0] = vt + 1
