"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (CanProveDivisible(info.padding_factor, divisor)) is false:"
rules: [sem.expr.intimm, sem.stmt.block, sem.stmt.blockrealize, sem.stmt.for.range, sem.stmt.for.serial, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: float32, shape: [1], data: [0]}
expect:
  buffers:
    C: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (CanProveDivisible(info.padding_factor, divisor)) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 1381, profile tvm (402 IR nodes, 59 lines; now 37 and 13)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((1,), "float32")):
    for i3, k2 in T.grid(0, 2):
        with T.block("blk1"):
            v1 = T.axis.spatial(3, 0)
            vk2 = T.axis.reduce(4, k2)
            T.reads(C[0:3])
            T.writes(C[0:3])
            L0 = T.alloc_buffer((11, 16))
            L0[0, 0] = T.float32(0.0)
            C[0] = L0[0, vk2 // -250375256 % 16]
