"""
description: A Var bound by a block's match_buffer shape is referenced after the block
rules: [scope.bind.match_buffer_vars, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    m = T.int32()
    with T.block("tile"):
        T.reads(A[4:8])
        T.writes(B[4:8])
        Asub = T.match_buffer(A[4:8], (m,), "int32", offset_factor=1)
        for k in range(4):
            B[k + 4] = Asub[k]
    B[0] = m
