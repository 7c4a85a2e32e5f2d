"""
description: "tirconf reduce: rejected | tvm | build: IndexError: Variable is not defined in the environment: sNrange(min=select((bool)N, -N, sN), ext=N)Range(ADDR)"
rules: [sem.expr.intimm, sem.expr.let, sem.expr.select, sem.expr.var, sem.stmt.evaluate, sem.stmt.letstmt, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: IndexError: Variable is not defined in the environment: sNrange(min=select((bool)N, -N, sN), ext=N)Range(ADDR)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 53, profile tvm (263 IR nodes, 42 lines; now 13 and 7)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s0: T.int32):
    t0 = T.int32()
    x1: T.int32 = T.Let(0, where={t0: T.Select(T.bool(False), -2, s0)})
    T.evaluate(0)
