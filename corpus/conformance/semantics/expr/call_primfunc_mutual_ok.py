"""
description: Mutually recursive PrimFuncs - is_even(n) = is_odd(n - 1), is_odd(n) = is_even(n - 1), is_even(0) = 1, is_odd(0) = 0; for [0, 3, 4, 7] is_even gives [1, 0, 1, 0]
rules: [sem.expr.call.primfunc, builtin.ret]
func: main
args:
  A: {dtype: int32, shape: [4], data: [0, 3, 4, 7]}
expect:
  buffers: {A: [1, 0, 1, 0]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def is_even(n: T.int32) -> T.int32:
        if n == 0:
            return 1
        return Module.is_odd(n - 1)

    @T.prim_func
    def is_odd(n: T.int32) -> T.int32:
        if n == 0:
            return 0
        return Module.is_even(n - 1)

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = Module.is_even(A[i])
