"""
description: A block's match_buffer is stored to after the block
rules: [scope.bind.block_buffers, scope.buffer.out_of_scope]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(1):
        with T.block("b"):
            T.reads(A[0:4])
            T.writes(B[0:4])
            Bsub = T.match_buffer(B[0:4], (4,), "int32", offset_factor=1)
            for j in range(4):
                Bsub[j] = A[j]
        Bsub[0] = 7
