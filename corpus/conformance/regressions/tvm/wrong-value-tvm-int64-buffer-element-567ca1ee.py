"""
description: "tirconf reduce: wrong-value | tvm | int64 buffer element"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.cmp, sem.expr.eq, sem.expr.floormod, sem.expr.intimm, sem.expr.var, sem.stmt.allocate, sem.stmt.bufferstore, sem.stmt.evaluate, sem.stmt.ifthenelse, sem.stmt.letstmt, sem.stmt.letstmt.pointer, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int64, shape: [1], data: [9223372036854775807]}
expect:
  buffers:
    A: [9223372036854775807]
"""
# signature: wrong-value | tvm | int64 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1063, profile default (200 IR nodes, 38 lines; now 26 and 16)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(1),), "int64")):
        p0 = T.allocate([T.int64(11)], "int32", "global")
        P0 = T.Buffer((T.int64(11),), "int32", data=p0)
        P0[T.int64(1)] = 0
        q0: T.handle("int32", "global") = p0
        Q0 = T.Buffer((T.int64(11),), "int32", data=q0)
        if Q0[A[T.int64(0)] % T.int64(2)] == 0:
            T.evaluate(0)
        else:
            A[T.int64(0)] = T.int64(0)
