"""
description: Block iter vars whose domain extents are int32 and int64 literals
rules: [type.other.itervar.extent_int]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 4, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(T.int64(2)):
        for j in range(2):
            with T.block("B"):
                vi = T.axis.spatial(T.int64(2), i)
                vj = T.axis.spatial(2, j)
                T.reads(A[vi * T.int64(2) + T.Cast("int64", vj)])
                T.writes(B[vi * T.int64(2) + T.Cast("int64", vj)])
                B[vi * T.int64(2) + T.Cast("int64", vj)] = A[vi * T.int64(2) + T.Cast("int64", vj)] * 2
