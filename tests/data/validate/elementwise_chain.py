# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((8, 16), "int32"), D: T.Buffer((8, 16), "int32")):
    B = T.alloc_buffer((8, 16), "int32")
    C = T.alloc_buffer((8, 16), "int32")
    for i, j in T.grid(8, 16):
        with T.block("B"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(A[vi, vj])
            T.writes(B[vi, vj])
            B[vi, vj] = A[vi, vj] * 2
    for i, j in T.grid(8, 16):
        with T.block("C"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(B[vi, vj])
            T.writes(C[vi, vj])
            C[vi, vj] = B[vi, vj] + 1
    for i, j in T.grid(8, 16):
        with T.block("D"):
            vi, vj = T.axis.remap("SS", [i, j])
            T.reads(C[vi, vj])
            T.writes(D[vi, vj])
            D[vi, vj] = T.max(C[vi, vj], 0)
