"""
description: "tirconf reduce: wrong-value | tvm | int8 buffer element"
rules: [builtin.args, builtin.shift_right, sem.expr.binary, sem.expr.bufferload, sem.expr.call.builtin, sem.expr.intimm, sem.expr.min, sem.expr.var, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int8, shape: [8, 4], data: [127, 16, 0, -128, 16, -14, -23, 1, 9, 3, -7, -7, 3, -7, 1, 126, 6, 15, 126, 62, 15, -14, -1, 9, 1, 16, 12, -127, -3, 2, 9, -14]}
expect:
  buffers:
    A: [-3, 15, 9, -128, 16, -14, -23, 1, 9, 3, -7, -7, 3, -7, 1, 126, 6, 15, 126, 62, 15, -14, -1, 9, 1, 16, 12, -127, -3, 2, 9, -14]
"""
# signature: wrong-value | tvm | int8 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 1678, profile tvm (425 IR nodes, 49 lines; now 16 and 6)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((T.int64(8), T.int64(4)), "int8")):
    for i3 in range(T.int64(3)):
        A[T.int64(0), i3] = A[T.min(T.shift_right(T.int64(11), i3), T.int64(7)), T.int64(0)]
