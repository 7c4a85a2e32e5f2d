"""
description: A DeclBuffer whose data Var q is declared with T.handle but bound by nothing (DeclBuffer binds nothing)
rules: [scope.declbuffer]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    q = T.handle("int32", "global")
    D = T.decl_buffer((4,), "int32", data=q)
    D[0] = A[0]
