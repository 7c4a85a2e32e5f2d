"""
description: >-
  fact is typed to return int32 but runs no T.ret for n > 1, so Module.fact(5) yields Void; storing
  it into A is unspecified (the spec types the call int32 and says the PrimFunc returns Void), while
  the first case, whose call runs T.ret, is well defined
rules: [unspec.call_void_result, sem.expr.call.primfunc, sem.stmt.primfunc.return]
func: main
cases:
  - args:
      A: {dtype: int32, shape: [2], data: [1, 0]}
    expect:
      buffers: {A: [7, 7]}
  - args:
      A: {dtype: int32, shape: [2], data: [5, 0]}
    expect:
      unspecified: ambiguous
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            return n * 7

    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        A[0] = Module.fact(A[0])
        A[1] = A[0]
