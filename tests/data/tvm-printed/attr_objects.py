# from tvm.script import tir as T

@T.prim_func
def attr_objects(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    T.func_attr({"target": T.target({"keys": ["cpu"], "kind": "llvm", "mtriple": "x86_64-pc-linux-gnu", "tag": ""}), "tir.noalias": T.bool(True)})
    for i in T.serial(8, annotations={"pragma_info": {"depth": 2, "names": ["a", "b"]}}):
        T.attr(T.comm_reducer(lambda x, y: x + y, [T.float32(0.0)]), "reduce_scope", T.reinterpret("handle", T.uint64(0)))
        T.attr(T.iter_var(i, None, "DataPar", ""), "pragma_launch_point", 1)
        B[i] = A[i] + T.float32(1.0)
