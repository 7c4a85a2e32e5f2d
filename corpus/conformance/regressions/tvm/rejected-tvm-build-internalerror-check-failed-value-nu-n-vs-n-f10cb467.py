"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint8"
rules: [sem.expr.cmp, sem.expr.eq, sem.expr.intimm, sem.expr.var, sem.stmt.evaluate, sem.stmt.ifthenelse, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint8
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 3854, profile tvm (105 IR nodes, 20 lines; now 10 and 8)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s0: T.uint8):
    if s0 == T.uint8(1):
        T.evaluate(0)
    else:
        T.evaluate(0)
