# from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((16, 32), "int32"), B: T.Buffer((16,), "int32")):
    for i, k in T.grid(16, 32):
        with T.block("B"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
