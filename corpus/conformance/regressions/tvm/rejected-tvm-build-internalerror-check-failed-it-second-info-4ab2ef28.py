"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (it->second == info) is false:"
rules: [sem.expr.cast, sem.expr.cast.float_to_int, sem.expr.cmp, sem.expr.floatimm, sem.expr.intimm, sem.expr.let, sem.expr.ne, sem.expr.select, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: (it->second == info) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 13, profile tvm (128 IR nodes, 22 lines; now 19 and 8)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s0: T.float64):
    # with T.block("root"):
    W0 = T.alloc_buffer((12, 6), "uint8")
    t0 = T.uint8()
    W0[0, 0] = T.Let(T.Select(t0 != T.uint8(0), T.uint8(0), T.uint8(0)), where={t0: T.Cast("uint8", T.float32(0.0))})
