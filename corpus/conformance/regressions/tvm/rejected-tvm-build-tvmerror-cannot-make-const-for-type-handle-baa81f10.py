"""
description: "tirconf reduce: rejected | tvm | build: TVMError: cannot make const for type handle"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: uint8, shape: [1, 1, 1], data: [0]}
expect:
  buffers:
    B: [0]
"""
# signature: rejected | tvm | build: TVMError: cannot make const for type handle
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 17, profile default (124 IR nodes, 30 lines; now 13 and 13)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1() -> T.float64:
        T.evaluate(T.Cast("handle", T.int64(0)))
        return T.float64(0.0)

    @T.prim_func
    def main(B: T.Buffer((1, 1, 1), "uint8")):
        T.evaluate(0)
