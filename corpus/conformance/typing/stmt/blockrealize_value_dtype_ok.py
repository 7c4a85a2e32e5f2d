"""
description: Block iter vars bound to values of their own datatype (int64 loop var to an int64 iter var)
rules: [type.stmt.blockrealize.value_dtype]
args:
  A: {dtype: int8, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int8, shape: [4]}
expect:
  buffers: {B: [-1, -2, -3, -4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8")):
    for i in range(T.int64(4)):
        with T.block("B"):
            vi = T.axis.spatial(T.int64(4), i)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = T.int8(0) - A[vi]
