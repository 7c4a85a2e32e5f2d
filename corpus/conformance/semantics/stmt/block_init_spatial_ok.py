"""
description: A block with no reduce var is not a reduction block, so its init runs before the body at every instance - B[vi] = 10 then + 1 gives 11 everywhere
rules: [sem.stmt.block.init]
args:
  B: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {B: [11, 11, 11, 11]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.block("s"):
            vi = T.axis.spatial(4, i)
            T.reads(B[vi])
            T.writes(B[vi])
            with T.init():
                B[vi] = 10
            B[vi] = B[vi] + 1
