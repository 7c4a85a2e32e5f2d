"""
description: The bfloat16 literal 3.4e38 exceeds the bfloat16 maximum 3.38953139e38
rules: [type.expr.floatimm.range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "bfloat16")):
    B[0] = T.bfloat16(3.4e+38)
