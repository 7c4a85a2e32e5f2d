"""
description: "tirconf reduce: rejected | tvm | build: TVMError: not implemented"
rules: [sem.expr.intimm, sem.stmt.for.range, sem.stmt.for.thread_binding, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: int16, shape: [1], data: [0]}
expect:
  buffers:
    B: [0]
"""
# signature: rejected | tvm | build: TVMError: not implemented
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 38, profile default (140 IR nodes, 36 lines; now 9 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(B: T.Buffer((T.int64(1),), "int16")):
        for i1 in T.thread_binding(T.int64(0), thread="threadIdx.y"):
            B[T.int64(0)] = T.int16(0)
