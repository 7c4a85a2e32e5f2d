"""
description: A vector store B[Ramp(1, 2, 2)] to a 3-element buffer writes element 3 with its second lane
rules: [unspec.oob, sem.stmt.bufferstore.vector]
args:
  B: {dtype: int32, shape: [3]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((3,), "int32")):
    B[T.Ramp(1, 2, 2)] = T.Broadcast(5, 2)
