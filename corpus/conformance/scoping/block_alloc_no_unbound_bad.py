"""
description: A block's alloc_buffer whose shape uses the Var m that nothing binds (alloc_buffers bind no shape Vars)
rules: [scope.block.alloc_no_unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    m = T.int32()
    with T.block("root"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        S = T.alloc_buffer((m,), "int32")
        for i in range(4):
            B[i] = A[i]
