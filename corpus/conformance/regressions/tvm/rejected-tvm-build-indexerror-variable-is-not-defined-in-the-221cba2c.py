"""
description: "tirconf reduce: rejected | tvm | build: IndexError: Variable is not defined in the environment: sNrange(min=int32(sN), ext=N)Range(ADDR)"
rules: [sem.expr.cast, sem.expr.cast.int_to_int, sem.expr.intimm, sem.expr.let, sem.expr.var, sem.stmt.evaluate, sem.stmt.letstmt, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: IndexError: Variable is not defined in the environment: sNrange(min=int32(sN), ext=N)Range(ADDR)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 3456, profile tvm (187 IR nodes, 34 lines; now 11 and 7)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s1: T.int32):
    t0 = T.int32()
    x1: T.int32 = T.Let(0, where={t0: T.Cast("int32", s1)})
    T.evaluate(0)
