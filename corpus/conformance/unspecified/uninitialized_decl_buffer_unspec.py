"""
description: Reading a T.decl_buffer allocation (Allocate + DeclBuffer) before any write
rules: [unspec.uninitialized, sem.stmt.declbuffer]
args:
  B: {dtype: float32, shape: [1]}
expect:
  unspecified: uninitialized
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "float32")):
    D = T.decl_buffer((2,), "float32")
    B[0] = D[0]
