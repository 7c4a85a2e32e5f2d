"""
description: The float32 literal 3.5e38 exceeds the float32 maximum 3.402823466e38
rules: [type.expr.floatimm.range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "float32")):
    B[0] = T.float32(3.5e+38)
