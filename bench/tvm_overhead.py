#!/usr/bin/env python3
"""What tirconf's protocol and comparison add to Apache TVM's own time, side by side in one run.

    TIRCONF_PYTHON=/path/to/python-with-tvm bench/tvm_overhead.py [--count N] [--seed S]
        [--rounds R] [--diff] [--tirconf BUILD/tools/tirconf]

The same N generated programs (`tirconf gen`, profile bench/tvm_profile.yaml) go through, each
in a process of its own, in every round (the order reversed every other round, so that the
shared machine's load falls on all alike):

- own: TVM alone, in TIRCONF_PYTHON: per program tvm.script.from_source of the program without
  its front matter, tvm.compile under PassContext(opt_level=3) for llvm, then tvm.nd arrays
  filled with the arguments' bytes, the call, and every tensor read back;
- adapter: backends/external/tvm/worker.py's compile, run and release handlers on the same
  conformance files, their frames encoded and decoded in memory (the adapter without tirconf);
- conform: `tirconf conform --impl tvm FILES --json` (no oracle): the whole process, and each
  file's own seconds as it reports them;
- stand-in: the same conform with tests/fake_impl_worker.py, a worker that answers at once:
  tirconf's own cost per file (reader, checker, framing, pipes, judging) without TVM's;
- diff (with --diff): `tirconf diff --backends oracle,tvm --batch 1 FILES`, less the oracle's
  time it reports.

Each process parses and builds every program once: a second parse or build of the same program
in one process goes faster. The first program pays for TVM's first parse and build in the
process, so per-program figures leave it out and whole-process ones keep it. Prints each round,
then medians: ms per program, programs/s, each round's overhead over TVM's own time in that
round, and where conform's time goes. Needs only the TVM that TIRCONF_PYTHON imports and
tirconf's binary.
"""
import argparse
import ctypes
import importlib.util
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKER_PY = os.path.join(REPO, "backends", "external", "tvm", "worker.py")
PROFILE = os.path.join(REPO, "bench", "tvm_profile.yaml")
STAND_IN = os.path.join(REPO, "tests", "fake_impl_worker.py")


# ----------------------------------------------------------------------- the python side (TVM)

def storage_bytes(dtype, data, count):
    """The tensor's storage as tirconf sends it: little-endian, one byte per bool, bfloat16 as the
    upper half of a float32, every lane of a vector element."""
    import numpy as np
    lane = dtype.split("x")[0]
    lanes = int(dtype.split("x")[1]) if "x" in dtype else 1
    values = [float(v) if isinstance(v, str) else v for v in (data or [])]
    n = count * lanes
    if lane == "bfloat16":
        a = np.array(values or [0.0] * n, dtype="<f4").view("<u4") >> 16
        return a.astype("<u2").tobytes()
    np_dtype = {"bool": "u1"}.get(lane, lane)
    return np.array(values or [0] * n, dtype=np_dtype).astype(np_dtype).tobytes()


def scalar_dtypes(source):
    """{name: dtype} of main's scalar parameters, from their annotations (`n: T.int32`)."""
    import ast
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name == "main":
            return {a.arg: a.annotation.attr for a in node.args.args
                    if isinstance(a.annotation, ast.Attribute) and a.annotation.attr != "handle"}
    return {}


def program_text(source):
    """The program as a TVM user would hand it to from_source: from its first decorator on."""
    match = re.search(r"^@", source, re.M)
    return source[match.start():] if match else source


def python_side(folder, conform_folder, mode):
    timings = {}
    started, started_cpu = time.perf_counter(), time.process_time()
    import tvm
    from tvm.script import from_source
    from tvm._ffi.base import _LIB, check_call
    timings["import"] = time.perf_counter() - started
    timings["import_cpu"] = time.process_time() - started_cpu
    dev = tvm.cpu(0)

    spec = importlib.util.spec_from_file_location("tvm_worker", WORKER_PY)
    worker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(worker)
    adapter = worker.Worker(argparse.Namespace(target="llvm", opt_level=3))
    hello_started = time.perf_counter()
    assert adapter.hello({"op": "hello", "protocol": worker.PROTOCOL}, b"")["status"] == "ok"
    timings["hello"] = time.perf_counter() - hello_started

    def exchange(header, payload=b""):
        """One request through the adapter as the worker's loop runs it: frames in, handler,
        frame out, all in memory."""
        request = io.BytesIO()
        worker.write_frame(request, header, payload)
        request.seek(0)
        t = time.perf_counter()
        req, req_payload = worker.read_frame(request)
        response = getattr(adapter, req["op"])(req, req_payload)
        head, data = response if isinstance(response, tuple) else (response, b"")
        worker.write_frame(io.BytesIO(), head, data)
        return head, time.perf_counter() - t

    def own(text, args):
        """TVM alone: parse, build, run; seconds of each, the exception's type on failure."""
        t0 = time.perf_counter()
        try:
            parsed = from_source(text)
        except Exception as e:
            return (time.perf_counter() - t0, 0, 0), type(e).__name__
        t1 = time.perf_counter()
        mod = parsed
        if isinstance(mod, tvm.tir.PrimFunc):
            mod = tvm.IRModule({"main": mod})
        try:
            with tvm.transform.PassContext(opt_level=3):
                lib = tvm.compile(mod, target="llvm")
        except Exception as e:
            return (t1 - t0, time.perf_counter() - t1, 0), type(e).__name__
        t2 = time.perf_counter()
        call, arrays = [], []
        for dtype, shape, value in args:
            if shape is None:
                call.append(value)
                continue
            a = tvm.nd.empty(shape, dtype, dev)
            buf = (ctypes.c_char * len(value)).from_buffer_copy(value)
            check_call(_LIB.TVMArrayCopyFromBytes(a.handle, buf, ctypes.c_size_t(len(value))))
            call.append(a)
            arrays.append((a, len(value)))
        status = "ok"
        try:
            lib["main"](*call)
        except Exception as e:
            status = type(e).__name__
        for a, n in arrays:
            out = (ctypes.c_char * n)()
            check_call(_LIB.TVMArrayCopyToBytes(a.handle, out, ctypes.c_size_t(n)))
        return (t1 - t0, t2 - t1, time.perf_counter() - t2), status

    def through_adapter(source, args):
        head, compile_s = exchange({"op": "compile", "source": source, "entries": ["main"],
                                    "name": "bench"})
        if head["status"] != "ok":
            return compile_s, 0, head["status"]
        payload, jargs = b"", []
        for dtype, shape, value in args:
            if shape is None:
                jargs.append({"scalar": {"dtype": dtype, "bits": worker.bits_of(value, dtype)}})
            else:
                jargs.append({"tensor": {"dtype": dtype, "shape": shape,
                                         "data": {"offset": len(payload), "bytes": len(value)}}})
                payload += value
        head_run, run_s = exchange({"op": "run", "handle": head["handle"], "func": "main",
                                    "args": jargs}, payload)
        _, release_s = exchange({"op": "release", "handle": head["handle"]})
        return compile_s, run_s + release_s, head_run["status"]

    programs = []
    names = sorted((f for f in os.listdir(folder) if f.endswith(".py")),
                   key=lambda f: int(re.findall(r"\d+", f)[-1]))
    for name in names:
        # The adapter gets what tirconf sends: the conformance file, front matter included.
        with open(os.path.join(folder if mode == "own" else conform_folder, name)) as f:
            source = f.read()
        with open(os.path.join(folder, name[:-3] + ".args.json")) as f:
            values = json.load(f)
        # Arguments in parameter order (the order tirconf writes them), as bytes. Preparing them
        # is not TVM's time, and must not call TVM either: its parser's first call in a process
        # costs more than the rest, on both sides alike.
        scalars = scalar_dtypes(source)
        args = []
        for arg_name, value in values.items():
            if arg_name in scalars:
                dtype = scalars[arg_name]
                v = float(value) if isinstance(value, str) else value
                # As the adapter passes it: a Python value of the parameter's kind.
                args.append((dtype, None, worker.scalar_from_bits(
                    {"dtype": dtype, "bits": worker.bits_of(v, dtype)})))
            else:
                count = 1
                for e in value["shape"]:
                    count *= e
                args.append((value["dtype"], value["shape"],
                             storage_bytes(value["dtype"], value.get("data"), count)))
        programs.append((name, source, args))

    def timed(f, *args):
        wall, cpu = time.perf_counter(), time.process_time()
        result = f(*args)
        return result, time.perf_counter() - wall, time.process_time() - cpu

    results = []
    for i, (name, source, args) in enumerate(programs):
        # One mode per process: a program parsed and built a second time in the same process
        # goes faster, and conform runs each once.
        if mode == "own":
            (times, status), wall, cpu = timed(own, program_text(source), args)
            results.append({"name": name, "parse": times[0], "build": times[1], "run": times[2],
                            "status": status, "wall": wall, "cpu": cpu})
        else:
            (_, _, status), wall, cpu = timed(through_adapter, source, args)
            results.append({"name": name, "status": status, "wall": wall, "cpu": cpu})
    timings["programs"] = results
    json.dump(timings, sys.stdout)
    return 0


# ----------------------------------------------------------------------------- the driver

def run_timed(command, env=None):
    """The process, its wall seconds, and the CPU seconds of it and every child it waited for."""
    before = os.times()
    t = time.perf_counter()
    p = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    wall = time.perf_counter() - t
    after = os.times()
    return p, wall, (after.children_user - before.children_user +
                     after.children_system - before.children_system)


def measure_python(python, folder, conform_folder, env, mode):
    p, _, _ = run_timed([python, os.path.abspath(__file__), "--python-side", folder,
                         conform_folder, mode], env)
    if p.returncode != 0:
        sys.exit("the TVM side failed:\n" + p.stderr[-4000:])
    r = json.loads(p.stdout)
    return {"import": r["import"] + r["hello"], "import_cpu": r["import_cpu"],
            "programs": {x["name"]: x for x in r["programs"]}}


def measure_conform(tirconf, folder, work, env):
    out = os.path.join(work, "conform.json")
    p, wall, cpu = run_timed([tirconf, "conform", "--impl", "tvm", folder, "--json", out], env)
    if p.returncode not in (0, 1):
        sys.exit("tirconf conform failed:\n" + p.stderr[-4000:])
    with open(out) as f:
        files = json.load(f)["files"]
    return {"wall": wall, "cpu": cpu, "files": sum(x["seconds"] for x in files),
            "seconds": {x["file"]: x["seconds"] for x in files}}


def measure_stand_in(tirconf, folder, work, env):
    """conform with a worker that answers at once: tirconf's own cost per file, protocol
    included, without TVM's."""
    config = os.path.join(work, "stand-in.yaml")
    with open(config, "w") as f:
        f.write('name: stand-in\ndescription: answers at once\n'
                'command: ["${python}", "%s"]\n' % STAND_IN)
    out = os.path.join(work, "stand-in.json")
    p, wall, cpu = run_timed([tirconf, "conform", "--impl", config, folder, "--json", out], env)
    if p.returncode not in (0, 1):
        sys.exit("tirconf conform with the stand-in failed:\n" + p.stderr[-4000:])
    with open(out) as f:
        files = json.load(f)["files"]
    return {"wall": wall, "cpu": cpu, "files": sum(x["seconds"] for x in files)}


def measure_diff(tirconf, folder, env):
    # One program per request: an external implementation compiles each alone anyway, and a
    # batch's findings make the differ run the rest of the batch again.
    p, wall, cpu = run_timed([tirconf, "diff", "--backends", "oracle,tvm", "--batch", "1", "-q",
                              folder], env)
    if p.returncode not in (0, 1):
        sys.exit("tirconf diff failed:\n" + p.stderr[-4000:])
    done = re.search(r"diff: (\d+) programs", p.stdout)
    oracle = re.search(r"oracle: ([0-9.e+-]+) ms/program", p.stdout)
    if not done or not oracle:
        sys.exit("cannot read tirconf diff's summary:\n" + p.stdout)
    return {"wall": wall, "cpu": cpu, "oracle": float(oracle.group(1)) * int(done.group(1)) / 1000}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tirconf", default=os.path.join(REPO, "build", "tools", "tirconf"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--diff", action="store_true",
                        help="also time tirconf diff --backends oracle,tvm (less the oracle)")
    parser.add_argument("--keep", help="write the programs and results here instead of a temp dir")
    parser.add_argument("--python-side", nargs=3, help=argparse.SUPPRESS)
    o = parser.parse_args()
    if o.python_side:
        return python_side(*o.python_side)

    python = os.environ.get("TIRCONF_PYTHON", "python3")
    env = dict(os.environ, TIRCONF_PYTHON=python)
    work = o.keep or tempfile.mkdtemp(prefix="tvm_overhead.")
    os.makedirs(work, exist_ok=True)
    data, conf = os.path.join(work, "data"), os.path.join(work, "conform")
    for folder, extra in ((data, []), (conf, ["--expect-from-oracle"])):
        shutil.rmtree(folder, ignore_errors=True)
        subprocess.run([o.tirconf, "gen", "--seed", str(o.seed), "--count", str(o.count),
                        "--profile", PROFILE, "--out", folder, "-q"] + extra, check=True)

    print("%d programs (tirconf gen --seed %d, bench/tvm_profile.yaml), %d rounds; ms per "
          "program, wall unless marked cpu" % (o.count, o.seed, o.rounds), flush=True)
    rounds = []
    for r in range(o.rounds):
        steps = ["own", "adapter", "conform", "stand-in"] + (["diff"] if o.diff else [])
        if r % 2:
            steps.reverse()
        got = {}
        for step in steps:
            if step in ("own", "adapter"):
                got[step] = measure_python(python, data, conf, env, step)
            elif step == "conform":
                got[step] = measure_conform(o.tirconf, conf, work, env)
            elif step == "stand-in":
                got[step] = measure_stand_in(o.tirconf, conf, work, env)
            else:
                got[step] = measure_diff(o.tirconf, conf, env)
        py, ad, cf = got["own"], got["adapter"], got["conform"]
        # The first program pays for TVM's first parse and build in the process (on every
        # side): per-program figures leave it out, whole-process ones keep it.
        first = min(py["programs"], key=lambda k: int(re.findall(r"\d+", k)[-1]))
        warm = [k for k in py["programs"] if k != first]
        n = len(warm)
        total = lambda side, key, names=warm: sum(side["programs"][k][key] for k in names)
        built = [k for k in warm if py["programs"][k]["run"] > 0]
        everything = list(py["programs"])
        x = {"n": n, "built": len(built), "own": total(py, "wall"),
             "own_warm_cpu": total(py, "cpu"), "own_cpu": total(py, "cpu", everything),
             "own_all": total(py, "wall", everything),
             "parse": total(py, "parse"), "build": total(py, "build"), "run": total(py, "run"),
             "adapter": total(ad, "wall"), "adapter_cpu": total(ad, "cpu"),
             "import": py["import"], "import_cpu": py["import_cpu"],
             "files": sum(cf["seconds"].get(k, 0) for k in warm), "conform": cf["wall"],
             "conform_cpu": cf["cpu"], "stand_in": got["stand-in"]["files"] * n / (n + 1),
             "stand_in_whole": got["stand-in"]["wall"],
             "own_built": total(py, "wall", built),
             "files_built": sum(cf["seconds"].get(k, 0) for k in built)}
        if o.diff:
            x["diff"] = got["diff"]["wall"] - got["diff"]["oracle"]
        rounds.append(x)
        print("round %d (%s): TVM own %.1f (parse %.1f, build %.1f, run %.1f; cpu %.1f), "
              "import %.2f s; adapter in-process %.1f; conform files %.1f, whole %.1f (cpu %.1f)%s"
              % (r + 1, " then ".join(steps), *(1e3 * x[k] / n for k in (
                  "own", "parse", "build", "run", "own_warm_cpu")), x["import"],
                 *(1e3 * x[k] / n for k in ("adapter", "files", "conform", "conform_cpu")),
                 "; diff less oracle %.1f" % (1e3 * x["diff"] / n) if o.diff else ""), flush=True)

    def med(f):
        return statistics.median(f(x) for x in rounds)

    n = rounds[0]["n"]
    print("\nPer program: the %d programs after the first. TVM builds %d of them; it refuses "
          "the rest while parsing or building (each a finding of tirconf diff). Medians over the rounds; overheads are each "
          "round's ratio against TVM's own time in the same round; whole-process rows are per "
          "program of all %d." % (n, rounds[0]["built"], n + 1))
    print("%-58s %10s %11s %10s" % ("", "ms/program", "programs/s", "overhead"))
    rows = [
        ("TVM own: parse + build + run", "own", None),
        ("  parse (from_source)", "parse", None),
        ("  build (tvm.compile, opt_level 3, llvm)", "build", None),
        ("  run (arrays in, call, arrays out)", "run", None),
        ("adapter in-process: its compile + run + release handlers", "adapter", "own"),
        ("conform: its files' own seconds (no start)", "files", "own"),
        ("TVM own + import + first program (a script's whole time)", "own_all+import", None),
        ("conform: whole process", "conform", "own_all+import"),
        ("CPU: TVM own", "own_warm_cpu", None),
        ("CPU: adapter in-process", "adapter_cpu", "own_warm_cpu"),
        ("CPU: TVM own, first program included", "own_cpu", None),
        ("CPU: conform, process + worker, less TVM's import", "conform_cpu-import_cpu",
         "own_cpu"),
    ]
    if o.diff:
        rows.append(("diff oracle,tvm --batch 1: whole process less the oracle", "diff",
                     "own_all+import"))
    rows.append(("conform, stand-in worker (no TVM): files' own seconds", "stand_in", None))

    def value(x, expr):
        total = 0
        for i, term in enumerate(expr.replace("-", "+-").split("+")):
            sign = -1 if term.startswith("-") else 1
            total += sign * x[term.lstrip("-")]
        return total

    whole = ("own_all", "conform", "own_cpu", "diff")
    for label, expr, against in rows:
        s = med(lambda x: value(x, expr))
        count = n + 1 if any(w in expr for w in whole) else n
        ratio = ("%+9.1f%%" % (100 * med(lambda x: value(x, expr) / value(x, against) - 1))
                 if against else "")
        print("%-58s %10.1f %11.2f %10s" % (label, 1e3 * s / count, count / s, ratio))
    built = rounds[0]["built"]
    if built:
        print("on the %d programs TVM builds and runs: TVM own %.1f, conform files %.1f ms/program, "
              "%+.1f%%" % (built, 1e3 * med(lambda x: x["own_built"]) / built,
                           1e3 * med(lambda x: x["files_built"]) / built,
                           100 * med(lambda x: x["files_built"] / x["own_built"] - 1)))
    print("\nwhere conform's time over TVM's own goes, ms/program (medians):")
    print("  once per process: the worker's TVM import and hello      %.1f (%.2f s)" % (
        1e3 * med(lambda x: x["import"]) / n, med(lambda x: x["import"])))
    print("  tirconf's own per-file cost, protocol included (stand-in) %.1f = %.1f%% of TVM's own"
          % (1e3 * med(lambda x: x["stand_in"]) / n, 100 * med(lambda x: x["stand_in"] / x["own"])))
    print("  the adapter's Python side, per program                   %.1f" % (
        1e3 * med(lambda x: x["adapter"] - x["own"]) / n))
    print("  tirconf's side, per program (reader, checker, framing,   %.1f" % (
        1e3 * med(lambda x: x["files"] - x["adapter"]) / n))
    print("    pipes, judging)")
    print("  the first program, TVM's start, tirconf's start and      %.1f" % (
        1e3 * med(lambda x: x["conform"] - x["files"] - x["import"]) / n))
    print("    report")
    if not o.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
