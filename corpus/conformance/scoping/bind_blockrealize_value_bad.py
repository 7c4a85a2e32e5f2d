"""
description: A block iter var's bound value references another iter var of the same block; values are outside their scope
rules: [scope.bind.blockrealize, scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            vj = T.axis.spatial(4, vi)
            T.reads(A[vj])
            T.writes(B[vj])
            B[vj] = A[vj]
