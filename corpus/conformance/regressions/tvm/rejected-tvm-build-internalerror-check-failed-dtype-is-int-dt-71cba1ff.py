"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (dtype.is_int() || dtype.is_uint()) is false:"
rules: [sem.expr.intimm, sem.stmt.allocate.condition, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: int64, shape: [1], data: [0]}
expect:
  buffers:
    B: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (dtype.is_int() || dtype.is_uint()) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 16, profile default (68 IR nodes, 21 lines; now 13 and 10)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(B: T.Buffer((1,), "int64")):
        p0 = T.allocate([0, 0], "float16", "global", T.bool(False))
        P0 = T.Buffer((7, 16), "float16", data=p0)
        P0[0, 0] = T.FloorMod(T.float16(0.0), T.float16(0.0))
