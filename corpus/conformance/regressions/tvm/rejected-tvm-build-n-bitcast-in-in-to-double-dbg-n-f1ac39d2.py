"""
description: "tirconf reduce: rejected | tvm | build: %N = bitcast iN %iN to double, !dbg !N"
rules: [builtin.args, builtin.reinterpret, sem.expr.call.builtin, sem.expr.intimm, sem.expr.var, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: float64, shape: [1], data: [0]}
expect:
  buffers:
    A: [1e-323]
"""
# signature: rejected | tvm | build: %N = bitcast iN %iN to double, !dbg !N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 5776, profile tvm (196 IR nodes, 46 lines; now 10 and 6)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((T.int64(1),), "float64")):
    for i2 in range(T.int64(3)):
        A[T.int64(0)] = T.reinterpret("float64", i2)
