"""
description: >-
  fact is typed to return int32 but runs no T.ret for n > 1; an Evaluate that discards the call's
  value is well defined whatever the call yields, so main runs both calls and sets A[1]
rules: [sem.expr.call.primfunc, sem.stmt.primfunc.return, sem.stmt.evaluate]
func: main
args:
  A: {dtype: int32, shape: [2], data: [5, 0]}
expect:
  buffers: {A: [5, 1]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            return n

    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        T.evaluate(Module.fact(A[0]))
        T.evaluate(Module.fact(1))
        A[1] = 1
