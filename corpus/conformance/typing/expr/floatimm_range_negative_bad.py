"""
description: The float16 literal -65520.0 is below the float16 minimum -65504
rules: [type.expr.floatimm.range]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "float16")):
    B[0] = T.float16(-65520.0)
