"""
description: A PrimFunc that always calls itself never returns; the implementation stops the unbounded recursion with a limit error
rules: [sem.stmt.limit, sem.expr.call.primfunc]
func: main
args:
  A: {dtype: int32, shape: [1], data: [0]}
expect:
  error: limit
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def forever(n: T.int32) -> T.int32:
        return Module.forever(n + 1)

    @T.prim_func
    def main(A: T.Buffer((1,), "int32")):
        A[0] = Module.forever(A[0])
