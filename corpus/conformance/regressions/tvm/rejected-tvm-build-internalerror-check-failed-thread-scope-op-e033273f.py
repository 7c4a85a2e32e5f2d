"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (thread_scope_ == op) is false:"
rules: [sem.expr.intimm, sem.stmt.for.parallel, sem.stmt.for.range, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: (thread_scope_ == op) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 190, profile default (135 IR nodes, 26 lines; now 10 and 10)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(s0: T.int32):
        for i0 in T.parallel(0):
            for i5 in T.thread_binding(0, thread="blockIdx.x"):
                T.evaluate(0)
