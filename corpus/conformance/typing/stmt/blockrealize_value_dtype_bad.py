"""
description: An int32 block iter var (domain extent int32 4) bound to an int64 loop var
rules: [type.stmt.blockrealize.value_dtype]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8")):
    for i in range(T.int64(4)):
        with T.block("B"):
            vi = T.axis.spatial(4, i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi]
