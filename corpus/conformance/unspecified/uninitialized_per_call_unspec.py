"""
description: A block alloc_buffer inside a loop is fresh per instance - reading S[0] in iteration 1, written only in iteration 0's instance, is uninitialized
rules: [unspec.uninitialized, sem.stmt.block.alloc]
args:
  B: {dtype: int32, shape: [2]}
expect:
  unspecified: uninitialized
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2,), "int32")):
    for i in range(2):
        with T.block("b"):
            vi = T.axis.spatial(2, i)
            T.reads()
            T.writes(B[vi])
            S = T.alloc_buffer((1,), "int32")
            if vi == 0:
                S[0] = 7
            B[vi] = S[0]
