"""
description: A block iter var of dtype float32 (its extent and bound value are int32 as well, so their checks fail too)
rules: [type.stmt.block.itervar_int, type.other.itervar.extent_match, type.stmt.blockrealize.value_dtype]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        with T.block("A"):
            vi = T.axis.spatial(4, i, dtype="float32")
            T.reads()
            T.writes(A[0])
            A[0] = vi
