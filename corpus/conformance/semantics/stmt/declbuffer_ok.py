"""
description: A DeclBuffer over A.data allocates nothing - D views A's memory, so D[0] * 10 and D[2] * 10 land in A
rules: [sem.stmt.declbuffer, sem.stmt.primfunc.outputs]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [10, 2, 30, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    D = T.decl_buffer((4,), "int32", data=A.data)
    D[0] = D[0] * 10
    D[2] = D[2] * 10
