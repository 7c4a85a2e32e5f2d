"""
description: "tirconf reduce: rejected | tvm | build: IndexError: Variable is not defined in the environment: xNrange(min=((xN + xN)*xN), ext=N)Range(ADDR)"
rules: [sem.expr.add, sem.expr.binary, sem.expr.float_ieee, sem.expr.floatimm, sem.expr.intimm, sem.expr.let, sem.expr.mul, sem.expr.select, sem.expr.var, sem.stmt.evaluate, sem.stmt.letstmt, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: IndexError: Variable is not defined in the environment: xNrange(min=((xN + xN)*xN), ext=N)Range(ADDR)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 196, profile tvm (291 IR nodes, 47 lines; now 20 and 8)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s0: T.float32):
    x0: T.float32 = T.Select(T.bool(False), T.float32(0.0), T.float32(0.0))
    t0 = T.float32()
    x1: T.float32 = T.Let(T.float32(0.0), where={t0: (x0 + x0) * x0})
    T.evaluate(0)
