"""
description: "tirconf reduce: wrong-value | tvm | float64 buffer element"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.float_ieee, sem.expr.floatimm, sem.expr.intimm, sem.expr.mul, sem.expr.var, sem.stmt.attr.virtual_thread, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: float64, shape: [8], data: [6582, 1561.5, 8.127, -15, 1.7976931348623157e+308, 6, 163.9375, -6]}
expect:
  buffers:
    A: [0, 0, 0, -0, 0, 0, 0, -6]
"""
# signature: wrong-value | tvm | float64 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1166, profile default (133 IR nodes, 11 lines; now 13 and 6)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "float64")):
    vt0 = T.launch_thread("vthread", 7)
    A[vt0] = T.Mul(A[vt0], T.float64(0.0))
