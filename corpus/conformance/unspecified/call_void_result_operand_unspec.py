"""
description: >-
  A recursive fact that falls off its end for n > 1: fact(3) calls fact(2), which runs no T.ret and
  yields Void, and n * Void is unspecified; fact(1) and fact(0) return n
rules: [unspec.call_void_result, sem.expr.call.primfunc, sem.stmt.primfunc.return]
func: main
cases:
  - args:
      A: {dtype: int32, shape: [2], data: [0, 1]}
    expect:
      buffers: {A: [0, 1]}
  - args:
      A: {dtype: int32, shape: [2], data: [1, 3]}
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
            return n
        if n <= 2:
            T.evaluate(0)
        else:
            return n * Module.fact(n - 1)

    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        for i in range(2):
            A[i] = Module.fact(A[i])
