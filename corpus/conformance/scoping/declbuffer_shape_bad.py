"""
description: A DeclBuffer whose shape uses the Var m that nothing binds (DeclBuffer binds no shape Vars)
rules: [scope.declbuffer]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    m = T.int32()
    p = T.allocate([4], "int32", "global")
    D = T.decl_buffer((m,), "int32", data=p)
    D[0] = A[0]
