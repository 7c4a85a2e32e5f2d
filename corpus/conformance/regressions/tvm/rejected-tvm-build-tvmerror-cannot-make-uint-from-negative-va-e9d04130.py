"""
description: "tirconf reduce: rejected | tvm | build: TVMError: cannot make uint from negative value -N-N"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: TVMError: cannot make uint from negative value -N-N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 188, profile default (506 IR nodes, 103 lines; now 12 and 13)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0():
        if T.uint8(0) > T.Cast("uint8", T.float32(-1.4012984643248171e-45)):
            T.evaluate(0)

    @T.prim_func
    def main(s0: T.float32):
        T.evaluate(0)
