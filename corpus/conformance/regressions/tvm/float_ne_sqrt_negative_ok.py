"""
description: "tirconf reduce: wrong-value | tvm | bool buffer element"
rules: [builtin.args, builtin.math.lanes, builtin.sqrt, sem.expr.call.builtin, sem.expr.cmp, sem.expr.cmp.float, sem.expr.floatimm, sem.expr.intimm, sem.expr.ne, sem.expr.var, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.shape_var, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: bool, shape: [1, 1], data: [0]}
expect:
  buffers:
    A: [1]
"""
# signature: wrong-value | tvm | bool buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 7324, profile tvm (76 IR nodes, 16 lines; now 10 and 7)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A_handle: T.handle):
    n0 = T.int32()
    A = T.match_buffer(A_handle, (n0, n0), "bool")
    A[0, 0] = T.float32(0.0) != T.sqrt(T.float32(-510.0))
