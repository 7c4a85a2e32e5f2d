"""
description: "tirconf reduce: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.nextafter)"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int8, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.nextafter)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 318, profile default (59 IR nodes, 24 lines; now 14 and 13)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1() -> T.int32:
        v0 = T.float16()
        return T.Let(0, where={v0: T.nextafter(T.float16(0.0), T.float16(0.0))})

    @T.prim_func
    def main(A: T.Buffer((T.int64(1),), "int8")):
        T.evaluate(0)
