"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (!parallel_env_.in_parallel_loop) is false:"
rules: [sem.expr.floatimm, sem.expr.intimm, sem.expr.var, sem.stmt.allocate, sem.stmt.bufferstore, sem.stmt.for.parallel, sem.stmt.for.range, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: (!parallel_env_.in_parallel_loop) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 266, profile default (87 IR nodes, 24 lines; now 18 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s0: T.float32):
    p0 = T.allocate([6, 9, 4], "float32", "global")
    for f2 in T.parallel(3):
        for f4 in T.parallel(2):
            P0 = T.Buffer((6, 9, 4), data=p0)
            P0[f2, 0, f4] = T.float32(0.0)
