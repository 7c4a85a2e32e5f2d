"""
description: A block predicate that is an int32 expression (not Bool)
rules: [type.stmt.blockrealize.predicate]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for io, ii in T.grid(2, 4):
        with T.block("B"):
            vi = T.axis.spatial(8, io * 4 + ii)
            T.where(io * 4 + ii + 1)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]
