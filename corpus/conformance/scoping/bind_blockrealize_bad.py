"""
description: A block iter var referenced after its block, in the enclosing loop body
rules: [scope.bind.blockrealize, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]
        B[0] = vi
