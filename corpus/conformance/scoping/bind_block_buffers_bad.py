"""
description: A block's alloc_buffer is read after the block, in the enclosing loop body
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
            S = T.alloc_buffer((4,), "int32")
            for j in range(4):
                S[j] = A[j]
            for j in range(4):
                B[j] = S[j]
        B[0] = S[0]
