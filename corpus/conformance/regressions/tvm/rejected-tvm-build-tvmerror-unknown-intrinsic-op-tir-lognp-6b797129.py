"""
description: "tirconf reduce: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.logNp)"
rules: [builtin.args, builtin.log1p, builtin.math.lanes, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.logNp)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 93, profile tvm (223 IR nodes, 34 lines; now 11 and 7)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s1: T.int32):
    # with T.block("root"):
    W0 = T.alloc_buffer((8, 6), "float16")
    W0[0, 0] = T.log1p(T.float16(0.0))
