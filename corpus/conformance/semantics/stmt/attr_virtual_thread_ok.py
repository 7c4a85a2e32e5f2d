"""
description: A virtual_thread AttrStmt (T.launch_thread with the vthread tag) runs its body once per virtual thread, vt = 0, 1, each writing its own elements
rules: [sem.stmt.attr.virtual_thread]
args:
  A: {dtype: int32, shape: [4]}
expect:
  buffers: {A: [100, 101, 110, 111]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    vt = T.launch_thread("vthread", 2)
    for j in range(2):
        A[vt * 2 + j] = 100 + vt * 10 + j
