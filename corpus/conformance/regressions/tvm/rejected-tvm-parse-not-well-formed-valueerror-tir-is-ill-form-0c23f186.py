"""
description: "tirconf reduce: rejected | tvm | parse: not well-formed: ValueError: TIR is ill-formed, due to multiple definitions of variable tN. It was first defined"
rules: [builtin.args, builtin.isfinite, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.expr.let, sem.stmt.evaluate, sem.stmt.ifthenelse, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers:
    C: [0]
"""
# signature: rejected | tvm | parse: not well-formed: ValueError: TIR is ill-formed, due to multiple definitions of variable tN. It was first defined
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 18947, profile tvm (363 IR nodes, 47 lines; now 13 and 9)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((1,), "int32")):
    t0 = T.float32()
    if T.isfinite(T.Let(T.float32(0.0), where={t0: T.float32(0.0)})):
        T.evaluate(0)
    else:
        T.evaluate(0)
