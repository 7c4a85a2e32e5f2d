"""
description: "tirconf reduce: wrong-value | tvm | float32 buffer element"
rules: [builtin.args, builtin.log10, builtin.math.lanes, sem.expr.call.builtin, sem.expr.cast, sem.expr.cast.to_float, sem.expr.cmp, sem.expr.cmp.float, sem.expr.eq, sem.expr.floatimm, sem.expr.intimm, sem.expr.select, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: float32, shape: [7], data: [0, 0, 0, 0, 0, 0, 0]}
expect:
  buffers:
    B: [0, 0, 0, 0, 0, 0, 0]
"""
# signature: wrong-value | tvm | float32 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1854, profile default (28 IR nodes, 8 lines; now 14 and 7)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B_handle: T.handle):
    n1 = T.int32()
    B = T.match_buffer(B_handle, (n1,))
    B[0] = T.Cast("float32", T.Select(T.log10(T.float64(-749.0)) == T.log10(T.float64(-749.0)), T.float64(1.0), T.float64(0.0)))
