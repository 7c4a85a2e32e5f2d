"""
description: "tirconf reduce: rejected | tvm | build: ValueError: Check failed: (ana.CanProveEqual(dom->extent, new_iter_var->dom->extent)) is false:"
rules: [sem.expr.intimm, sem.stmt.for.range, sem.stmt.for.thread_binding, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: uint16, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | build: ValueError: Check failed: (ana.CanProveEqual(dom->extent, new_iter_var->dom->extent)) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 666, profile default (121 IR nodes, 27 lines; now 18 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "uint16")):
    for i0 in T.thread_binding(0, thread="blockIdx.y"):
        with T.launch_thread("threadIdx.y", 0) as tx0:
            T.evaluate(0)
        for i6 in T.thread_binding(1, thread="threadIdx.y"):
            T.evaluate(0)
