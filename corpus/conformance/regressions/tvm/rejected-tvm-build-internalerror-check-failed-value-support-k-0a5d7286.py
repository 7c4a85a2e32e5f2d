"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= -support::kMaxFloatN (-N+N vs. -N) : ValueError: Literal value -N+N exceeds minimum of float16"
rules: [sem.expr.cast, sem.expr.cast.to_float, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: float16, shape: [1], data: [0]}
expect:
  buffers:
    A: [-inf]
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= -support::kMaxFloatN (-N+N vs. -N) : ValueError: Literal value -N+N exceeds minimum of float16
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1220, profile default (200 IR nodes, 20 lines; now 7 and 5)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float16")):
    A[0] = T.Cast("float16", -1473580)
