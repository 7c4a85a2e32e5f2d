"""
description: "tirconf reduce: rejected | tvm | build: TVMError: cannot make const for type handle"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: TVMError: cannot make const for type handle
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 18, profile default (215 IR nodes, 51 lines; now 12 and 13)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0() -> T.int32:
        T.evaluate(T.Cast("handle", T.int64(0)))
        return 0

    @T.prim_func
    def main(s1: T.int32):
        T.evaluate(0)
