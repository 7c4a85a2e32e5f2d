"""
description: "tirconf reduce: wrong-value | tvm | uint32 buffer element"
rules: [builtin.ret, sem.expr.binary, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.floormod, sem.expr.int_wrap, sem.expr.intimm, sem.expr.mul, sem.expr.var, sem.stmt.bufferstore, sem.stmt.evaluate, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.scalar_param, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: uint32, shape: [3, 1, 1], data: [127, 2, 9]}
  n0: 11
expect:
  buffers:
    C: [127, 2, 0]
  return: 0
"""
# signature: wrong-value | tvm | uint32 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 366, profile default (257 IR nodes, 33 lines; now 17 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(C: T.Buffer((T.int64(3), T.int64(1), T.int64(1)), "uint32"), n0: T.int64) -> T.float32:
        C[T.int64(1152921504606846975) * n0 % T.int64(3), T.int64(0), T.int64(0)] = T.uint32(0)
        return T.float32(0.0)
