"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint32"
rules: [sem.expr.cmp, sem.expr.eq, sem.expr.intimm, sem.expr.var, sem.stmt.evaluate, sem.stmt.ifthenelse, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint32
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 875, profile default (318 IR nodes, 63 lines; now 10 and 11)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(s1: T.uint32):
        if T.uint32(1) == s1:
            T.evaluate(0)
        else:
            T.evaluate(0)
