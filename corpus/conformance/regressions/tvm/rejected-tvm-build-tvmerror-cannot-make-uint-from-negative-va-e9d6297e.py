"""
description: "tirconf reduce: rejected | tvm | build: TVMError: cannot make uint from negative value -N+N"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: TVMError: cannot make uint from negative value -N+N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 443, profile default (409 IR nodes, 78 lines; now 16 and 16)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0() -> T.float64:
        if T.Cast("bool", T.float32(-340282346638528859811704183484516925440.0)):
            T.evaluate(0)
        else:
            T.evaluate(0)
        return T.float64(0.0)

    @T.prim_func
    def main(s1: T.float32):
        T.evaluate(0)
