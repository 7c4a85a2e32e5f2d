"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (t.is_float()) is false:"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: (t.is_float()) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 34, profile default (95 IR nodes, 16 lines; now 4 and 5)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s1: T.bfloat16):
    T.evaluate(0)
