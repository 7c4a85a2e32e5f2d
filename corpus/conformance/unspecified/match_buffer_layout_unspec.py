"""
description: The value bound to a match_buffer's unbound elem_offset Var is an implementation detail; storing it makes the result unspecified
rules: [unspec.match_buffer_layout, sem.stmt.block.match_buffer]
args:
  A: {dtype: int32, shape: [8]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((1,), "int32")):
    eo = T.int32()
    with T.block("tile"):
        T.reads(A[2:4])
        T.writes(B[0])
        Asub = T.match_buffer(A[2:4], (2,), "int32", elem_offset=eo)
        B[0] = eo
