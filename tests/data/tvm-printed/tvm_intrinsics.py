# from tvm.script import tir as T

@T.prim_func
def tvm_intrinsics(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.tvm_storage_sync("shared")
    for i in range(8):
        B[i] = A[i] + T.Cast("float32", T.vscale())
    T.address_of(A[0])
    T.tvm_struct_get(A.data, 0, 5, "int32")
    T.call_llvm_pure_intrin("int32", "llvm.ctlz", T.uint32(2), 4, T.bool(False))
