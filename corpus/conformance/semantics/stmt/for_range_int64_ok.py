"""
description: An int64 loop from 2^32 with extent 3 binds loop_var to 2^32, 2^32 + 1, 2^32 + 2 (no truncation to 32 bits)
rules: [sem.stmt.for.range]
args:
  A: {dtype: int64, shape: [3]}
expect:
  buffers: {A: [4294967296, 4294967297, 4294967298]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int64")):
    for i in range(T.int64(4294967296), T.int64(4294967299)):
        A[i - T.int64(4294967296)] = i
