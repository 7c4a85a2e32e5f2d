"""
description: "tirconf reduce: rejected | tvm | build: TVMError: cannot make uint from negative value -inf"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: TVMError: cannot make uint from negative value -inf
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 547, profile default (318 IR nodes, 54 lines; now 15 and 13)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0() -> T.int32:
        T.if_then_else(T.Cast("bool", T.float16("-inf")), 0, 0)
        return 0

    @T.prim_func
    def main(s1: T.float64):
        T.evaluate(0)
