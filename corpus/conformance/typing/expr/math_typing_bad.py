"""
description: T.sqrt of an int32 argument (float math builtins take Float or BFloat)
rules: [builtin.math.typing]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), F: T.Buffer((4,), "float32")):
    F[0] = T.Cast("float32", T.sqrt(A[0]))
