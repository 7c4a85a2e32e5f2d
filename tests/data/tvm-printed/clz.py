# from tvm.script import tir as T

@T.prim_func
def clz(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((8,), "int64")):
    for i in range(8):
        B[i] = T.clz(A[i] * 2 + 1)
        C[i] = T.Cast("int64", T.clz(T.Cast("int64", A[i]) * T.int64(2) + T.int64(1)))
