"""
description: A PrimFunc may call itself - fact(n) = n * fact(n - 1), fact(n <= 1) = 1; fact(0) = 1, fact(1) = 1, fact(5) = 120, fact(10) = 3628800
rules: [sem.expr.call.primfunc, builtin.ret, sem.stmt.ifthenelse]
func: main
args:
  A: {dtype: int32, shape: [4], data: [0, 1, 5, 10]}
expect:
  buffers: {A: [1, 1, 120, 3628800]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            return 1
        return n * Module.fact(n - 1)

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = Module.fact(A[i])
