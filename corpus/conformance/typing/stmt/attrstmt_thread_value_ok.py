"""
description: A virtual_thread AttrStmt whose value is the IntImm 4
rules: [type.stmt.attrstmt.thread_value]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [0, 1, 4, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    vt = T.launch_thread("vthread", 4)
    A[vt] = vt * vt
