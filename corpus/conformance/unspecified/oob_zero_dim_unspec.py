"""
description: A one-element DeclBuffer D over A.data read at D[1] lies outside its shape (1,)
rules: [unspec.oob]
args:
  A: {dtype: int32, shape: [1], data: [5]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32"), B: T.Buffer((1,), "int32")):
    D = T.decl_buffer((1,), "int32", data=A.data)
    B[0] = D[1]
