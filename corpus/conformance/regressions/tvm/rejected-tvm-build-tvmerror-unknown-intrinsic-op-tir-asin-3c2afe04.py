"""
description: "tirconf reduce: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.asin)"
rules: [builtin.args, builtin.asin, builtin.math.lanes, sem.expr.call.builtin, sem.expr.cast, sem.expr.cast.float_to_int, sem.expr.cmp, sem.expr.cmp.float, sem.expr.floatimm, sem.expr.ge, sem.expr.intimm, sem.expr.select, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: uint8, shape: [5], data: [0, 0, 0, 0, 0]}
expect:
  buffers:
    A: [1, 0, 0, 0, 0]
"""
# signature: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.asin)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 2057, profile tvm (366 IR nodes, 66 lines; now 13 and 7)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A_handle: T.handle):
    n0 = T.int32()
    A = T.match_buffer(A_handle, (n0,), "uint8")
    A[0] = T.Cast("uint8", T.Select(T.asin(T.float16(0.0)) >= T.float16(0.0), T.float16(1.0), T.float16(0.0)))
