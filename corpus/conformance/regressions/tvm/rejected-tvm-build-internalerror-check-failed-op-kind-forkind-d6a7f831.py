"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (op->kind != ForKind::kVectorized) is false:"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: (op->kind != ForKind::kVectorized) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 164, profile default (160 IR nodes, 31 lines; now 13 and 14)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0():
        for i0 in T.vectorized(2):
            for i1 in T.vectorized(3):
                T.evaluate(0)

    @T.prim_func
    def main(s1: T.uint64):
        T.evaluate(0)
