"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= -(NLL << (dtype.bits() - N)) (-N vs. -N) : ValueError: Literal value -N exceeds minimum of int8"
rules: [sem.expr.cast, sem.expr.cast.int_to_int, sem.expr.cmp, sem.expr.intimm, sem.expr.lt, sem.stmt.evaluate, sem.stmt.ifthenelse, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: uint8, shape: [1], data: [0]}
expect:
  buffers:
    B: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= -(NLL << (dtype.bits() - N)) (-N vs. -N) : ValueError: Literal value -N exceeds minimum of int8
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1376, profile default (319 IR nodes, 64 lines; now 12 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "uint8")):
    if T.Cast("int8", -255) < T.int8(0):
        T.evaluate(0)
    else:
        T.evaluate(0)
