"""
description: "tirconf reduce: rejected | tvm | parse: TVMError: Data type bfloat16 not supported for finiteness ops. Skipping it... at <str>:N:N"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  n0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | parse: TVMError: Data type bfloat16 not supported for finiteness ops. Skipping it... at <str>:N:N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 809, profile default (374 IR nodes, 95 lines; now 11 and 13)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1():
        x0: T.bool = T.isfinite(T.bfloat16(0.0))
        T.evaluate(0)

    @T.prim_func
    def main(n0: T.int32):
        T.evaluate(0)
