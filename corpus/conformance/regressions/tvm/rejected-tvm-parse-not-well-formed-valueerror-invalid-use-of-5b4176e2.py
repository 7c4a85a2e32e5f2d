"""
description: "tirconf reduce: rejected | tvm | parse: not well-formed: ValueError: Invalid use of undefined variable xN"
rules: [sem.expr.floatimm, sem.expr.intimm, sem.stmt.attr.volatile_scope, sem.stmt.evaluate, sem.stmt.letstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: float16, shape: [1], data: [0]}
expect:
  buffers:
    C: [0]
"""
# signature: rejected | tvm | parse: not well-formed: ValueError: Invalid use of undefined variable xN
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 0, profile default (328 IR nodes, 68 lines; now 11 and 11)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(C: T.Buffer((1,), "float16")):
        x0 = T.float32()
        T.attr(x0, "volatile_scope", 0)
        with T.LetStmt(T.float32(0.0), var=x0):
            T.evaluate(0)
