"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= std::numeric_limits<float>::lowest() (-N+N vs. -N+N) : ValueError: Literal value -N+N exceeds minimum of float32"
rules: [sem.expr.cast, sem.expr.cast.to_float, sem.expr.floatimm, sem.expr.intimm, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: float32, shape: [4], data: [0, 0, 0, 0]}
expect:
  buffers:
    B: [0, 0, 0, 0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= std::numeric_limits<float>::lowest() (-N+N vs. -N+N) : ValueError: Literal value -N+N exceeds minimum of float32
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 4817, profile tvm (184 IR nodes, 40 lines; now 13 and 9)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B_handle: T.handle):
    n0 = T.int32()
    B = T.match_buffer(B_handle, (n0,))
    # with T.block("root"):
    W0 = T.alloc_buffer((n0, 8, 1))
    W0[0, 0, 0] = T.Cast("float32", T.FloatImm("float64", -1.7976931348623157e+308))
