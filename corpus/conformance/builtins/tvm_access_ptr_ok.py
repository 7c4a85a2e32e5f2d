"""
description: >-
  T.tvm_access_ptr(T.type_annotation("float32"), A.data, i * 4 + 4, 4, 1) is a handle to row
  i + 1 of A (element offsets counted in float32): the subroutine, given it, sees that row as a
  buffer of its own (rows 1 and 2 of A are doubled into rows 0 and 1 of B)
rules: [builtin.tvm_access_ptr, builtin.type_annotation, sem.expr.call.primfunc]
args:
  A: {dtype: float32, shape: [3, 4], data: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}
  B: {dtype: float32, shape: [2, 4], data: [0, 0, 0, 0, 0, 0, 0, 0]}
expect:
  buffers: {B: [8, 10, 12, 14, 16, 18, 20, 22]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func(private=True)
    def subroutine(A: T.handle("float32", "global"), B: T.handle("float32", "global")):
        A_1 = T.decl_buffer((4,), data=A)
        B_1 = T.decl_buffer((4,), data=B)
        for j in range(4):
            B_1[j] = A_1[j] * T.float32(2.0)

    @T.prim_func
    def main(A: T.Buffer((3, 4), "float32"), B: T.Buffer((2, 4), "float32")):
        for i in range(2):
            Module.subroutine(T.tvm_access_ptr(T.type_annotation("float32"), A.data, i * 4 + 4, 4, 1), T.tvm_access_ptr(T.type_annotation("float32"), B.data, i * 4, 4, 2))
