"""
description: "tirconf reduce: wrong-value | tvm | uint64 return value"
rules: [builtin.ret, sem.expr.binary, sem.expr.bufferload, sem.expr.call.builtin, sem.expr.cast, sem.expr.cast.int_to_int, sem.expr.int_wrap, sem.expr.intimm, sem.expr.sub, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.evaluate, sem.stmt.for.range, sem.stmt.for.serial, sem.stmt.seqstmt, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  return: 18446744073709551615
"""
# signature: wrong-value | tvm | uint64 return value
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1201, profile default (109 IR nodes, 17 lines; now 24 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s0: T.int16) -> T.uint64:
    # with T.block("root"):
    W1 = T.alloc_buffer((1, 16, 11), "int32")
    for f5 in range(2):
        W1[0, 0, f5] = 1
    return T.uint64(0) - T.Cast("uint64", W1[0, 0, 0])
