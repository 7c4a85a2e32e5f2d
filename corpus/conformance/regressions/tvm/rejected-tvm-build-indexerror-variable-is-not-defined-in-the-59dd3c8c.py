"""
description: "tirconf reduce: rejected | tvm | build: IndexError: Variable is not defined in the environment: nNrange(min=(nN % (int64)-N), ext=N)Range(ADDR)"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.cast, sem.expr.cast.to_float, sem.expr.floormod, sem.expr.int_wrap, sem.expr.intimm, sem.expr.sub, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [7], data: [0, 0, 0, 0, 0, 0, 0]}
expect:
  buffers:
    A: [0, 0, 0, 0, 0, 0, 0]
"""
# signature: rejected | tvm | build: IndexError: Variable is not defined in the environment: nNrange(min=(nN % (int64)-N), ext=N)Range(ADDR)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 48, profile tvm (464 IR nodes, 75 lines; now 21 and 10)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A_handle: T.handle):
    n0 = T.int64()
    A = T.match_buffer(A_handle, (n0,), "int32")
    # with T.block("root"):
    W0 = T.alloc_buffer((T.int64(3), T.int64(16), T.int64(4)), "float64")
    for f0 in range(T.int64(3)):
        W0[T.int64(0), T.int64(0), T.int64(0)] = T.Cast("float64", A[(T.int64(0) - f0) % n0])
