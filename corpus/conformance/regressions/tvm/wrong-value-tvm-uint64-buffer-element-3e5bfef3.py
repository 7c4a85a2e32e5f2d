"""
description: "tirconf reduce: wrong-value | tvm | uint64 buffer element"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.int_wrap, sem.expr.intimm, sem.expr.sub, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: uint64, shape: [1], data: [6]}
expect:
  buffers:
    A: [18446744073709551610]
"""
# signature: wrong-value | tvm | uint64 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1750, profile default (180 IR nodes, 41 lines; now 9 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(1),), "uint64")):
        A[T.int64(0)] = T.uint64(0) - A[T.int64(0)]
