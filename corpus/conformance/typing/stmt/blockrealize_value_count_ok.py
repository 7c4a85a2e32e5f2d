"""
description: A BlockRealize binding three iter vars with three values (T.axis.remap over three loops)
rules: [type.stmt.blockrealize.value_count]
args:
  A: {dtype: float32, shape: [2, 2], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float32, shape: [2, 2], data: [1.0, 0.0, 0.0, 1.0]}
  C: {dtype: float32, shape: [2, 2]}
expect:
  buffers: {C: [1.0, 2.0, 3.0, 4.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "float32"), B: T.Buffer((2, 2), "float32"), C: T.Buffer((2, 2), "float32")):
    for i, j, k in T.grid(2, 2, 2):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vk, vj])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]
