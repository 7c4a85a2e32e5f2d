# from tvm.script import tir as T

@T.prim_func
def allocate_const(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    K_1 = T.allocate_const([0.5, -1.0, 0.10000000149011612, 3.0], "float32", [4])
    for i in range(4):
        K_1_1 = T.Buffer((4,), data=K_1)
        B[i] = A[i] * K_1_1[i]
