"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value < NLL << (dtype.bits() - N) (N vs. N) : ValueError: Literal value N exceeds maximum of int32"
rules: [sem.expr.bufferload, sem.expr.cmp, sem.expr.ge, sem.expr.intimm, sem.stmt.assert, sem.stmt.evaluate, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: value < NLL << (dtype.bits() - N) (N vs. N) : ValueError: Literal value N exceeds maximum of int32
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 4, profile default (186 IR nodes, 35 lines; now 11 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(1),), "int32")):
        assert A[T.int64(0)] >= -2147483648, "check 116"
        T.evaluate(0)
