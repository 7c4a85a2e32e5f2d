"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value.dtype() == var.dtype() (float32xN vs. bfloat16xN) :"
rules: [sem.expr.broadcast, sem.expr.bufferload.vector, sem.expr.floatimm, sem.expr.intimm, sem.expr.let, sem.stmt.bufferstore.vector, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: bfloat16, shape: [1], data: [0]}
expect:
  buffers:
    A: [1]
"""
# signature: rejected | tvm | build: InternalError: Check failed: value.dtype() == var.dtype() (float32xN vs. bfloat16xN) :
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 406, profile default (345 IR nodes, 56 lines; now 13 and 6)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "bfloat16")):
    t0 = T.Var("t0", "bfloat16x4")
    A[T.Broadcast(0, 4)] = T.Let(T.Broadcast(T.bfloat16(1.0), 4), where={t0: A[T.Broadcast(0, 4)]})
