"""
description: "tirconf reduce: rejected | tvm | build: TypeError: Check failed: (a.dtype() == b.dtype()) is false:"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.float_ieee, sem.expr.floatimm, sem.expr.floordiv, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: bfloat16, shape: [1], data: [0]}
expect:
  buffers:
    A: [inf]
"""
# signature: rejected | tvm | build: TypeError: Check failed: (a.dtype() == b.dtype()) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 274, profile default (311 IR nodes, 48 lines; now 9 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((1,), "bfloat16")):
        A[0] = T.FloorDiv(T.bfloat16(1.0), A[0])
