"""Schedule primitives for the adapter's `transform` request: drawn at random from what a program
allows, or replayed from their descriptions.

A step is a JSON object naming the primitive and what it applies to by name and position, so that
it replays on the same program: {"primitive": "split", "block": "C", "loop": 1, "factors": [None,
4]}. Loops are positions in `sch.get_loops(block)`, buffers positions in the block's reads or
writes. TVM checks every step; one it refuses (a ScheduleError) is reported and skipped.
"""
import random

PRIMITIVES = ["split", "tile", "fuse", "reorder", "parallel", "vectorize", "unroll", "bind",
              "cache_read", "cache_write", "compute_at", "reverse_compute_at", "compute_inline",
              "reverse_compute_inline", "rfactor", "decompose_reduction", "storage_align",
              "set_scope"]
THREADS = ["blockIdx.x", "threadIdx.x", "threadIdx.y", "vthread.x"]
SCOPES = ["global", "shared", "local"]


def block_names(tvm, sch):
    names = []

    def visit(node):
        if isinstance(node, tvm.tir.Block) and node.name_hint != "root":
            names.append(node.name_hint)

    tvm.tir.stmt_functor.post_order_visit(sch.mod[sch.func_working_on].body, visit)
    return sorted(set(names))


def loop_extent(sch, loop):
    extent = sch.get(loop).extent
    return int(extent.value) if hasattr(extent, "value") else None


def factor_for(rng, extent):
    """A split factor: mostly one that divides the extent, sometimes one that does not (TVM
    then guards the tail with a block predicate)."""
    if extent is None or extent < 2:
        return rng.choice([2, 4])
    divisors = [d for d in range(2, extent) if extent % d == 0]
    if divisors and rng.random() < 0.75:
        return rng.choice(divisors)
    return rng.randint(2, max(2, extent - 1))


def draw(tvm, sch, rng):
    """A step that may apply to the current program, or None when this draw found none."""
    blocks = block_names(tvm, sch)
    if not blocks:
        return None
    primitive = rng.choice(PRIMITIVES)
    name = rng.choice(blocks)
    block = sch.get_block(name)
    loops = sch.get_loops(block)
    step = {"primitive": primitive, "block": name}
    needs_loop = primitive in ("split", "tile", "fuse", "reorder", "parallel", "vectorize",
                               "unroll", "bind", "rfactor", "decompose_reduction")
    if needs_loop:
        if not loops:
            return step  # TVM refuses it; reported as such
        step["loop"] = rng.randrange(len(loops))
    if primitive == "split":
        step["factors"] = [None, factor_for(rng, loop_extent(sch, loops[step["loop"]]))]
    elif primitive == "tile":
        step["loop"] = rng.randrange(max(1, len(loops) - 1))
        second = min(step["loop"] + 1, len(loops) - 1)
        step["factors"] = [factor_for(rng, loop_extent(sch, loops[step["loop"]])),
                           factor_for(rng, loop_extent(sch, loops[second]))]
    elif primitive == "fuse":
        step["loop"] = rng.randrange(max(1, len(loops) - 1))
    elif primitive == "reorder":
        step["loop"] = rng.randrange(max(1, len(loops) - 1))
        step["with"] = rng.randrange(step["loop"] + 1, max(step["loop"] + 2, len(loops)))
    elif primitive == "bind":
        step["thread"] = rng.choice(THREADS)
    elif primitive in ("cache_read", "cache_write", "storage_align", "set_scope"):
        regions = sch.get(block).reads if primitive == "cache_read" else sch.get(block).writes
        step["buffer"] = rng.randrange(len(regions)) if len(regions) else 0
        if primitive == "storage_align":
            ndim = len(regions[step["buffer"]].buffer.shape) if len(regions) else 1
            step["axis"] = rng.randrange(ndim)
            step["factor"] = rng.choice([4, 8, 16])
            step["offset"] = rng.randrange(step["factor"])
        else:
            step["scope"] = rng.choice(SCOPES[1:] if primitive == "set_scope" else SCOPES)
    elif primitive in ("compute_at", "reverse_compute_at"):
        others = (sch.get_consumers(block) if primitive == "compute_at"
                  else sch.get_producers(block))
        if not others:
            return None  # nothing to move it to: draw another
        other = sch.get(rng.choice(others)).name_hint
        step["target"] = other
        target_loops = sch.get_loops(sch.get_block(other))
        step["loop"] = rng.randrange(len(target_loops)) if target_loops else 0
        step["preserve_unit_loops"] = rng.random() < 0.5
    return step


def apply(sch, step):
    """Applies one step to `sch` (TVM raises when it refuses it)."""
    primitive = step["primitive"]
    block = sch.get_block(step["block"])
    loops = sch.get_loops(block)

    def loop(key="loop"):
        return loops[step[key]]

    if primitive == "split":
        sch.split(loop(), factors=step["factors"])
    elif primitive == "tile":
        outer_i, inner_i = sch.split(loop(), factors=[None, step["factors"][0]])
        second = loops[step["loop"] + 1]
        outer_j, inner_j = sch.split(second, factors=[None, step["factors"][1]])
        sch.reorder(outer_i, outer_j, inner_i, inner_j)
    elif primitive == "fuse":
        sch.fuse(loop(), loops[step["loop"] + 1])
    elif primitive == "reorder":
        sch.reorder(loops[step["with"]], loop())
    elif primitive == "parallel":
        sch.parallel(loop())
    elif primitive == "vectorize":
        sch.vectorize(loop())
    elif primitive == "unroll":
        sch.unroll(loop())
    elif primitive == "bind":
        sch.bind(loop(), step["thread"])
    elif primitive == "cache_read":
        sch.cache_read(block, step["buffer"], step["scope"])
    elif primitive == "cache_write":
        sch.cache_write(block, step["buffer"], step["scope"])
    elif primitive == "compute_at":
        target = sch.get_loops(sch.get_block(step["target"]))[step["loop"]]
        sch.compute_at(block, target, preserve_unit_loops=step["preserve_unit_loops"])
    elif primitive == "reverse_compute_at":
        target = sch.get_loops(sch.get_block(step["target"]))[step["loop"]]
        sch.reverse_compute_at(block, target, preserve_unit_loops=step["preserve_unit_loops"])
    elif primitive == "compute_inline":
        sch.compute_inline(block)
    elif primitive == "reverse_compute_inline":
        sch.reverse_compute_inline(block)
    elif primitive == "rfactor":
        sch.rfactor(loop(), factor_axis=0)
    elif primitive == "decompose_reduction":
        sch.decompose_reduction(block, loop())
    elif primitive == "storage_align":
        sch.storage_align(block, step["buffer"], step["axis"], step["factor"], step["offset"])
    elif primitive == "set_scope":
        sch.set_scope(block, step["buffer"], step["scope"])
    else:
        raise ValueError("unknown schedule primitive %r" % primitive)


def describe(step):
    """`split(C, loop 1, factors [None, 4])`: a step in one line, for findings and logs."""
    params = ", ".join("%s %s" % (k, step[k]) for k in step if k not in ("primitive", "block"))
    return "%s(%s%s)" % (step["primitive"], step["block"], ", " + params if params else "")


def new_rng(seed):
    return random.Random(seed)
