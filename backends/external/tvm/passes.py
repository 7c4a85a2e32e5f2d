"""TIR pass lists for the adapter's `transform` request: TVM's default lowering pipeline as a list
of single passes, so that the module can be printed between any two of them.

A pass is named by its constructor in `tvm.tir.transform` with literal arguments, as text:
`Simplify`, `NarrowDataType(32)`, `ThreadSync("shared")`. `BindTarget` takes the worker's target.
"""
import ast


def default_pipeline(config=None):
    """TVM v0.20's `tvm.tir.pipeline.default_tir_pipeline()` under `config` (a PassContext config
    dict), pass by pass and in order, after `tvm.tir.build`'s BindTarget. Composite passes
    (HoistIfThenElse) stay one step, as in TVM's list."""
    config = config or {}
    flag = lambda key: bool(config.get(key, False))
    passes = ["BindTarget",
              "LowerCrossThreadReduction", "LowerInitBlock", "PlanAndUpdateBufferAllocationLocation",
              "ConvertBlocksToOpaque", "LiftThreadBinding", "ManifestSharedMemoryLocalStage",
              "CompactBufferAllocation", "LowerAutoCopy", "UnifyThreadBinding", "LowerMatchBuffer",
              "Simplify", "InjectPermutedLayout", "InjectSoftwarePipeline",
              "TransformMmaBufferLayout", "LowerOpaqueBlock", "FlattenBuffer",
              "BF16ComputeLegalize", "NarrowDataType(32)", "LoopPartition",
              "VectorizeLoop(%s)" % (not flag("tir.disable_vectorize")),
              "InjectVirtualThread", "InjectDoubleBuffer"]
    if not flag("tir.disable_storage_rewrite"):
        passes.append("StorageRewrite")
    if flag("tir.use_async_copy"):
        passes.append("LowerAsyncDMA")
    passes += ["HoistIfThenElse", "UnrollLoop", "RenormalizeSplitPattern", "Simplify", "RemoveNoOp",
               "RewriteUnsafeSelect"]
    if flag("tir.instrument_bound_checkers"):
        passes.append("InstrumentBoundCheckers")
    if flag("tir.ptx_ldg32"):
        passes.append("InjectPTXLDG32(True)")
    passes.append("CommonSubexprElimTIR(%s, %s)" % (not flag("tir.disable_cse_tir"),
                                                    flag("tir.enable_equiv_terms_in_cse_tir")))
    if flag("tir.instrument_lwp"):
        passes.append("InstrumentProfileIntrinsics")
    passes += ["FP8ComputeLegalize", "VerifyVTCMLimit", "LowerVtcmAlloc", "VerifyMemory",
               "AnnotateEntryFunc"]
    if flag("tir.detect_global_barrier"):
        passes.append('ThreadSync("global")')
    passes += ['ThreadSync("shared")', 'ThreadSync("shared.dyn")', 'ThreadSync("warp")',
               "InferFragment", "LowerThreadAllreduce"]
    if flag("tir.use_async_copy"):
        passes.append("InjectPTXAsyncCopy")
    if flag("tir.ptx_ldg32"):
        passes.append("InjectPTXLDG32")
    passes += ["AnnotateDeviceRegions", "SplitHostDevice", "MergeSharedMemoryAllocations",
               "MakePackedAPI", "FP8StorageLegalize", "BF16StorageLegalize",
               "LowerDeviceKernelLaunch"]
    return passes


def parse_pass(text):
    """`Name` or `Name(literal, ...)` -> (name, args); ValueError for anything else."""
    tree = ast.parse(text.strip(), mode="eval").body
    if isinstance(tree, ast.Name):
        return tree.id, []
    if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name) and not tree.keywords:
        return tree.func.id, [ast.literal_eval(a) for a in tree.args]
    raise ValueError("not a pass: %r (expected Name or Name(literal, ...))" % text)


def make_pass(tvm, text, target):
    name, args = parse_pass(text)
    if name == "BindTarget":
        return tvm.tir.transform.BindTarget(target)
    constructor = getattr(tvm.tir.transform, name, None)
    if constructor is None or not callable(constructor):
        raise ValueError("tvm.tir.transform has no pass %r" % name)
    return constructor(*args)


def top_level_passes(tvm, mod, target, opt_level):
    """The names of the passes TVM's own default pipeline runs at its top level on `mod` (after
    BindTarget), as TVM reports them to a pass instrument: what default_pipeline() must match."""
    names, depth = [], [0]

    @tvm.instrument.pass_instrument
    class Recorder:
        def run_before_pass(self, mod, info):
            depth[0] += 1

        def run_after_pass(self, mod, info):
            # depth 1: the pipeline's module pass; 2: its Sequential; 3: the passes in it.
            if depth[0] == 3:
                names.append(info.name)
            depth[0] -= 1

    with tvm.transform.PassContext(opt_level=opt_level, instruments=[Recorder()]):
        mod = tvm.tir.transform.BindTarget(target)(mod)
        tvm.tir.get_default_tir_pipeline(target)(mod)
    return names
