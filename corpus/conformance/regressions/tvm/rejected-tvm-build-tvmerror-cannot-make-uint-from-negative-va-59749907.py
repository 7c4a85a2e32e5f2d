"""
description: "tirconf reduce: rejected | tvm | build: TVMError: cannot make uint from negative value -N"
rules: [sem.expr.cast, sem.expr.cast.int_to_int, sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: float16, shape: [1], data: [0]}
expect:
  buffers:
    C: [0]
"""
# signature: rejected | tvm | build: TVMError: cannot make uint from negative value -N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 11, profile default (159 IR nodes, 25 lines; now 6 and 5)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((1,), "float16")):
    T.evaluate(T.Cast("uint32", T.int16(-1)))
