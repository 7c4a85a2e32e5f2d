"""
description: "tirconf reduce: wrong-value | tvm | uint32 buffer element"
rules: [sem.expr.add, sem.expr.binary, sem.expr.bufferload, sem.expr.floormod, sem.expr.int_wrap, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: uint32, shape: [3, 2], data: [1, 9, 8, 1, 1, 4]}
  C: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers:
    B: [1, 9, 8, 1, 1, 0]
    C: [0]
"""
# signature: wrong-value | tvm | uint32 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 178, profile default (115 IR nodes, 16 lines; now 14 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(B: T.Buffer((3, 2), "uint32"), C: T.Buffer((1,), "int32")):
        B[(2 + C[0]) % 3, 1] = T.uint32(0)
