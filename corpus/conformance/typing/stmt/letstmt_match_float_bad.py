"""
description: A LetStmt var declared float32 bound to a float16 value
rules: [type.stmt.letstmt.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(H: T.Buffer((4,), "float16"), F: T.Buffer((4,), "float32")):
    x: T.float32 = H[0]
    F[0] = x
