"""
description: A block predicate (T.where) references the block's own iter var; the predicate is outside its scope
rules: [scope.bind.blockrealize, scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            T.where(vi < 4)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]
