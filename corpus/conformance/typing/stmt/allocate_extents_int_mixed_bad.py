"""
description: A 2-d allocation whose extents are int32 and int64 (they must share one datatype)
rules: [type.stmt.allocate.extents_int]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    p = T.allocate([2, T.int64(2)], "int32", "global")
    B[0] = 1
