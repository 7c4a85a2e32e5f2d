"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (is_zero(op->min)) is false:"
rules: [sem.expr.broadcast, sem.expr.floatimm, sem.expr.intimm, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: bfloat16x2, shape: [1], data: [0, 0]}
expect:
  buffers:
    A: [1, 1]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (is_zero(op->min)) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 23, profile default (83 IR nodes, 23 lines; now 10 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(1),), "bfloat16x2")):
        for i1 in range(T.int64(1), T.int64(3)):
            A[T.int64(0)] = T.Broadcast(T.bfloat16(1.0), 2)
