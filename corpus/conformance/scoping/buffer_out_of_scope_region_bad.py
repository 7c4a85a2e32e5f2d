"""
description: A block reads (T.reads region) an alloc_buffer of a sibling block whose scope has ended
rules: [scope.buffer.out_of_scope]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    with T.block("root"):
        T.reads(A[0:4])
        T.writes(B[0:4])
        with T.block("first"):
            T.reads(A[0:4])
            T.writes()
            S = T.alloc_buffer((4,), "int32")
            for j in range(4):
                S[j] = A[j]
        with T.block("second"):
            T.reads(S[0:4])
            T.writes(B[0:4])
            for j in range(4):
                B[j] = A[j]
