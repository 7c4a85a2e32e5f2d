"""
description: "tirconf reduce: wrong-value | tvm | float16 buffer element"
rules: [sem.expr.add, sem.expr.binary, sem.expr.bufferload, sem.expr.float_ieee, sem.expr.floatimm, sem.expr.intimm, sem.expr.mul, sem.expr.sub, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: float16, shape: [1], data: [-12.234]}
expect:
  buffers:
    B: [-nan]
"""
# signature: wrong-value | tvm | float16 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 284, profile tvm (356 IR nodes, 31 lines; now 23 and 7)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((T.int64(1),), "float16")):
    for i0 in range(T.int64(3)):
        B[T.int64(0)] = B[T.int64(0)] + (B[T.int64(0)] - B[T.int64(0)])
        B[T.int64(0)] = T.float16(149.0) * B[T.int64(0)]
