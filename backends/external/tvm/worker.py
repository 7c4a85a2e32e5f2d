#!/usr/bin/env python3
"""Apache TVM as a tirconf external implementation (backends/external/PROTOCOL.md, version 2).

Reads TVMScript with tvm.script.from_source, builds it with tvm.compile (tvm.build before TVM
0.19) inside a PassContext at the configured opt level, runs it on tvm.nd arrays, simplifies
integer expressions with tvm.arith.Analyzer, and applies TIR passes (passes.py) or schedule
primitives (schedules.py) one at a time, printing the module after each. Uses TVM's public Python API only, plus the C API's
raw byte copies (TVMArrayCopyFromBytes / TVMArrayCopyToBytes) so that every dtype, bfloat16
included, moves without NumPy knowing it.

    worker.py [--opt-level N] [--target llvm|cuda|...]

Logs go to stderr; stdout carries only protocol frames.
"""
import argparse
import ast
import contextlib
import ctypes
import json
import os
import re
import struct
import sys
import tempfile
import time
import traceback

PROTOCOL = 2
MAX_HEADER = 64 << 20


# ---------------------------------------------------------------------------------------- frames

def read_exact(stream, n):
    chunks = []
    while n:
        chunk = stream.read(n)
        if not chunk:
            return None
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def read_frame(stream):
    prefix = read_exact(stream, 12)
    if prefix is None:
        return None, None
    header_bytes, payload_bytes = struct.unpack("<IQ", prefix)
    if header_bytes > MAX_HEADER:
        raise ValueError("frame header of %d bytes" % header_bytes)
    header = read_exact(stream, header_bytes)
    payload = read_exact(stream, payload_bytes)
    if header is None or payload is None:
        return None, None
    return json.loads(header.decode("utf-8")), payload


def write_frame(stream, header, payload=b""):
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    stream.write(struct.pack("<IQ", len(text), len(payload)))
    stream.write(text)
    if payload:
        stream.write(payload)
    stream.flush()


class Payload:
    """The payload of a response being built: tensors are appended and referred to as blobs."""

    def __init__(self):
        self.parts = []
        self.size = 0

    def add(self, data):
        blob = {"offset": self.size, "bytes": len(data)}
        self.parts.append(data)
        self.size += len(data)
        return blob

    def bytes(self):
        return b"".join(self.parts)


# ---------------------------------------------------------------------------------------- values

def lane_type(dtype):
    """('int'|'uint'|'float'|'bfloat'|'bool'|'handle', bits, lanes) of a dtype string."""
    lanes = 1
    if "x" in dtype:
        dtype, lanes_text = dtype.split("x")
        lanes = int(lanes_text)
    if dtype == "bool":
        return "bool", 1, lanes
    if dtype == "handle":
        return "handle", 64, lanes
    for code in ("bfloat", "float", "uint", "int"):
        if dtype.startswith(code):
            return code, int(dtype[len(code):]), lanes
    raise ValueError("unknown dtype " + dtype)


def element_bytes(dtype):
    code, bits, lanes = lane_type(dtype)
    return (1 if code == "bool" else max(1, bits // 8)) * lanes


def scalar_from_bits(scalar):
    """A Python value TVM's calling convention accepts for a scalar of this dtype."""
    code, bits, _ = lane_type(scalar["dtype"])
    raw = int(scalar["bits"], 16)
    if code == "bool":
        return bool(raw)
    if code == "uint":
        return raw
    if code == "int":
        return raw - (1 << bits) if raw >> (bits - 1) else raw
    if code == "float" and bits == 64:
        return struct.unpack("<d", struct.pack("<Q", raw))[0]
    if code == "float" and bits == 32:
        return struct.unpack("<f", struct.pack("<I", raw))[0]
    if code == "float" and bits == 16:
        return struct.unpack("<e", struct.pack("<H", raw))[0]
    if code == "bfloat":
        return struct.unpack("<f", struct.pack("<I", raw << 16))[0]
    raise ValueError("cannot pass a scalar of dtype " + scalar["dtype"])


def bits_of(value, dtype):
    code, bits, _ = lane_type(dtype)
    if code in ("int", "uint", "bool"):
        raw = int(value) & ((1 << bits) - 1)
    elif code == "float" and bits == 64:
        raw = struct.unpack("<Q", struct.pack("<d", float(value)))[0]
    elif code == "float" and bits == 32:
        raw = struct.unpack("<I", struct.pack("<f", float(value)))[0]
    elif code == "float" and bits == 16:
        raw = struct.unpack("<H", struct.pack("<e", float(value)))[0]
    elif code == "bfloat":
        raw = struct.unpack("<I", struct.pack("<f", float(value)))[0] >> 16
    else:
        raise ValueError("cannot return a scalar of dtype " + dtype)
    return "%x" % raw


# ------------------------------------------------------------------------------------------ TVM

class Tvm:
    """What this worker needs from TVM, resolved once for the version at hand."""

    def __init__(self, target, opt_level):
        import tvm  # imported here so that a missing TVM is a clean error at hello, not a crash
        self.tvm = tvm
        self.target = target
        self.opt_level = opt_level
        self.version = tvm.__version__
        try:
            self.build_hash = tvm.support.libinfo().get("GIT_COMMIT_HASH", "")
        except Exception:  # libinfo is absent from some builds
            self.build_hash = ""
        major_minor = tuple(int(p) for p in self.version.split(".")[:2] if p.isdigit())
        # TVM 0.24 renamed the dialect: `from tvm.script import tirx as T`.
        self.dialect = "tirx" if major_minor >= (0, 24) else "tir"
        # tvm.nd became tvm.runtime tensors in 0.22.
        self.nd = getattr(tvm, "nd", None) or tvm.runtime
        self.compile_fn = getattr(tvm, "compile", None) or tvm.build
        from tvm._ffi.base import _LIB, check_call
        self._lib, self._check_call = _LIB, check_call
        self.device = tvm.device(target.split()[0], 0)

    def from_source(self, text):
        from tvm.script import from_source
        return from_source(text)

    def well_formedness_error(self, text):
        """What TVM's well-formedness check refuses: its parser says only that it refuses."""
        tvm = self.tvm
        try:
            from tvm.script import from_source
            mod = from_source(text, check_well_formed=False)
            if isinstance(mod, tvm.tir.PrimFunc):
                mod = tvm.IRModule({"main": mod})
            tvm.tir.analysis.verify_well_formed(mod, assert_mode=True)
        except Exception as e:  # the check raises TVM's own errors
            # "... at <root>.body.seq[3].node": the path differs from program to program.
            return tvm_message(e).split(" at <root>")[0]
        return None

    def as_module(self, mod):
        tvm = self.tvm
        if isinstance(mod, tvm.tir.PrimFunc):
            name = mod.attrs["global_symbol"] if mod.attrs and "global_symbol" in mod.attrs else "main"
            mod = tvm.IRModule({name: mod})
        return mod

    def bound_target(self):
        """The target tvm.tir.build binds a module to: the worker's, with itself as host on a CPU."""
        target = self.tvm.target.Target(self.target)
        return target if target.host is not None else target.with_host(target)

    def build(self, mod):
        tvm = self.tvm
        mod = self.as_module(mod)
        with tvm.transform.PassContext(opt_level=self.opt_level):
            return mod, self.compile_fn(mod, target=self.target)

    def empty(self, shape, dtype):
        return self.nd.empty(tuple(shape), dtype, self.device)

    def copy_from_bytes(self, array, data):
        buf = (ctypes.c_char * len(data)).from_buffer_copy(data)
        self._check_call(self._lib.TVMArrayCopyFromBytes(array.handle, buf, ctypes.c_size_t(len(data))))

    def copy_to_bytes(self, array, nbytes):
        buf = (ctypes.c_char * nbytes)()
        self._check_call(self._lib.TVMArrayCopyToBytes(array.handle, buf, ctypes.c_size_t(nbytes)))
        return bytes(buf)


# TVM's run-time messages and the spec's error classes they mean. The generated entry function
# checks its DLTensor arguments with asserts naming the argument ("main: Expect arg[0] to be
# pointer", "Argument main.A_handle.shape[0] has an unsatisfied constraint: 4 == ...",
# "num_args should be 2"); an AssertStmt of the program fails as "Assert fail: COND, MSG". The
# first pattern that matches wins.
ERROR_CLASSES = [
    (re.compile(r"Expect arg\[|Argument |is expected to|num_args should be|expected to be|"
                r"type_code|ndim|byte_offset|strides|unsatisfied constraint"), "binding"),
    (re.compile(r"Assert fail"), "assert"),
]


def error_class(message):
    for pattern, cls in ERROR_CLASSES:
        if pattern.search(message):
            return cls
    return None


def tvm_message(error):
    """The implementation's own message: the last line of TVM's error text, without backtrace."""
    lines = [l for l in str(error).strip().splitlines() if l.strip() and not l.lstrip().startswith("[bt]")]
    meaningful = [l for l in lines if not l.startswith(("note:", "Traceback"))]
    return (meaningful or lines or [type(error).__name__])[-1].strip()


_stderr_sink = None


@contextlib.contextmanager
def captured_stderr(lines):
    """Collects what native code writes to file descriptor 2 meanwhile (TVM's parser renders its
    diagnostics there and raises an exception that only says that it did), and passes it on."""
    global _stderr_sink
    # One file for the worker's life, emptied each time: creating one per compile was about a
    # quarter of the adapter's own time per program.
    if _stderr_sink is None:
        _stderr_sink = tempfile.TemporaryFile()
    sink = _stderr_sink
    sink.seek(0)
    sink.truncate()
    sys.stderr.flush()
    saved = os.dup(2)
    os.dup2(sink.fileno(), 2)
    try:
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        sink.seek(0)
        text = sink.read().decode("utf-8", "replace")
        os.write(2, text.encode("utf-8"))
        lines.extend(text.splitlines())


def parse_message(error, rendered):
    """TVM's parser error: the first rendered `error:` line with its location, else the exception."""
    for i, line in enumerate(rendered):
        if line.startswith("error:"):
            where = rendered[i + 1].strip() if i + 1 < len(rendered) else ""
            location = where[3:].strip() if where.startswith("-->") else ""
            return line[len("error:"):].strip() + (" at " + location if location else "")
    return tvm_message(error)


FIRST_DEFINITION = re.compile(r"@|class\b|def\b")


def strip_front_matter(text):
    """Blank out what precedes the module or function: TVM's parser reads one decorated class or
    function and refuses a leading docstring (a conformance file's front matter) or an import.
    The lines stay, empty, so that TVM's messages keep the file's line numbers."""
    lines = text.splitlines()
    # TVM's parser parses the whole text again: doing it here too cost a few percent of TVM's
    # own parse. The part before the first line that could open the module is enough when it
    # parses by itself: that line then starts a top-level statement, not a line of a string.
    start = next((i for i, line in enumerate(lines) if FIRST_DEFINITION.match(line)), None)
    if start is not None:
        try:
            ast.parse("\n".join(lines[:start]))
        except SyntaxError:
            start = None
    if start is None:
        try:
            tree = ast.parse(text)
        except SyntaxError:
            return text
        first = next((node for node in tree.body
                      if isinstance(node, (ast.ClassDef, ast.FunctionDef))), None)
        if first is None:
            return text
        start = min([first.lineno] + [d.lineno for d in first.decorator_list]) - 1
    return "\n" * start + "\n".join(lines[start:]) + "\n"


# ------------------------------------------------------------------------------------- requests

class Worker:
    def __init__(self, options):
        self.options = options
        self.tvm = None
        self.modules = {}  # handle -> (IRModule, runtime module)
        self.next_handle = 1

    def hello(self, request, payload):
        try:
            self.tvm = Tvm(self.options.target, self.options.opt_level)
        except ImportError as e:
            return {"status": "unavailable", "message": "cannot import tvm: %s" % e}
        if not self.tvm.device.exist:
            return {"status": "unavailable",
                    "message": "TVM %s has no %s device here" % (self.tvm.version, self.options.target)}
        return {"status": "ok", "protocol": PROTOCOL, "name": "tvm", "version": self.tvm.version,
                "build": self.tvm.build_hash, "dialect": self.tvm.dialect,
                "target": self.options.target, "opt_level": self.options.opt_level,
                "capabilities": {"recursion": False},
                "unsupported": [
                    {"construct": "tir.BufferRealize",
                     "reason": "TVM's TensorIR verifier refuses BufferRealizeNode"},
                ]}

    def compile(self, request, payload):
        started = time.perf_counter()
        rendered = []
        try:
            with captured_stderr(rendered):
                parsed = self.tvm.from_source(strip_front_matter(request["source"]))
        except Exception as e:  # TVM's parser raises its own DiagnosticError and others
            message = parse_message(e, rendered)
            if "not well-formed" in message:
                reason = self.tvm.well_formedness_error(strip_front_matter(request["source"]))
                if reason:
                    message = "not well-formed: " + reason
            return {"status": "rejected", "stage": "parse", "message": message}
        parsed_at = time.perf_counter()
        try:
            mod, lib = self.tvm.build(parsed)
        except Exception as e:
            return {"status": "rejected", "stage": "build", "message": tvm_message(e)}
        handle = self.next_handle
        self.next_handle += 1
        self.modules[handle] = (mod, lib)
        return {"status": "ok", "handle": handle,
                "seconds": {"parse": parsed_at - started, "build": time.perf_counter() - parsed_at}}

    def run(self, request, payload):
        mod, lib = self.modules[request["handle"]]
        func_name = request["func"]
        args, tensors = [], []
        for index, arg in enumerate(request["args"]):
            if "tensor" in arg:
                t = arg["tensor"]
                if t.get("strides") or t.get("byte_offset"):
                    return {"status": "internal-error",
                            "message": "strided or offset tensors are not passed to TVM"}
                array = self.tvm.empty(t["shape"], t["dtype"])
                blob = t["data"]
                self.tvm.copy_from_bytes(array, payload[blob["offset"]:blob["offset"] + blob["bytes"]])
                args.append(array)
                tensors.append((index, t, array))
            else:
                args.append(scalar_from_bits(arg["scalar"]))
        try:
            result = lib[func_name](*args)
        except Exception as e:
            message = tvm_message(e)
            return {"status": "error", "message": message, "class": error_class(message)}
        out = Payload()
        buffers = []
        for index, t, array in tensors:
            count = 1
            for extent in t["shape"]:
                count *= extent
            data = self.tvm.copy_to_bytes(array, count * element_bytes(t["dtype"]))
            buffers.append({"index": index, "tensor": {"dtype": t["dtype"], "shape": t["shape"],
                                                       "data": out.add(data)}})
        ret = None
        if result is not None:
            ret_dtype = str(mod[func_name].ret_type.dtype)
            ret = {"dtype": ret_dtype, "bits": bits_of(result, ret_dtype)}
        return {"status": "ok", "buffers": buffers, "return": ret}, out.bytes()

    def print(self, request, payload):
        rendered = []
        try:
            with captured_stderr(rendered):
                parsed = self.tvm.from_source(strip_front_matter(request["source"]))
        except Exception as e:
            return {"status": "rejected", "stage": "parse", "message": parse_message(e, rendered)}
        try:
            script = parsed.script()
        except Exception as e:  # TVM read it but cannot print it
            return {"status": "rejected", "stage": "print", "message": tvm_message(e)}
        return {"status": "ok", "script": script}

    def simplify(self, request, payload):
        tvm = self.tvm.tvm
        from tvm.script import tir as T
        names = {name: tvm.tir.Var(name, dtype) for name, dtype in request["vars"].items()}
        analyzer = tvm.arith.Analyzer()
        results = []
        for text in request["exprs"]:
            try:
                expr = eval(text, {"__builtins__": {}, "T": T}, dict(names))
                results.append({"status": "ok", "expr": str(analyzer.simplify(expr))})
            except Exception as e:
                results.append({"status": "error", "message": tvm_message(e)})
        return {"status": "ok", "results": results}

    def transform(self, request, payload):
        rendered = []
        try:
            with captured_stderr(rendered):
                mod = self.tvm.as_module(self.tvm.from_source(strip_front_matter(request["source"])))
        except Exception as e:
            return {"status": "rejected", "stage": "parse", "message": parse_message(e, rendered)}
        if "passes" in request:
            steps = self.apply_passes(mod, request["passes"], request.get("config") or {})
        elif "schedule" in request:
            steps = self.apply_schedule(mod, request["schedule"])
        else:
            return {"status": "bad-request", "message": "transform needs passes or schedule"}
        reply = {"status": "ok", "steps": steps}
        try:
            reply["parsed"] = mod.script()
        except Exception as e:  # TVM may read a module it cannot print
            reply["parsed_message"] = tvm_message(e)
        return reply

    def apply_passes(self, mod, names, config):
        """Each pass alone on the module the previous one made; a pass that raises ends the list."""
        import passes
        tvm = self.tvm.tvm
        if names == "default":
            names = passes.default_pipeline(config)
        target = self.tvm.bound_target()
        steps = []
        with tvm.transform.PassContext(opt_level=self.tvm.opt_level, config=config):
            for name in names:
                step = {"name": name}
                started = time.perf_counter()
                try:
                    mod = passes.make_pass(tvm, name, target)(mod)
                except Exception as e:  # TVM's own errors, and a name that is no pass
                    step.update(status="rejected", message=tvm_message(e),
                                seconds=time.perf_counter() - started)
                    steps.append(step)
                    break
                step["seconds"] = time.perf_counter() - started
                steps.append(self.printed(step, mod))
        return steps

    def apply_schedule(self, mod, request):
        """Replays request["steps"], or draws request["count"] steps with request["seed"]; a step
        TVM refuses is reported and skipped."""
        import schedules
        tvm = self.tvm.tvm
        sch = tvm.tir.Schedule(mod)
        entries = [gv.name_hint for gv in mod.get_global_vars()]
        sch.work_on(request.get("func") or ("main" if "main" in entries else entries[0]))
        steps = []
        if "steps" in request:
            pending = [dict(step) for step in request["steps"]]
            draw = lambda: pending.pop(0)
            attempts = len(pending)
        else:
            rng = schedules.new_rng(request.get("seed", 0))
            draw = lambda: schedules.draw(tvm, sch, rng)
            attempts = 4 * int(request.get("count", 8))
        applied = 0
        for _ in range(attempts):
            if "count" in request and applied >= int(request["count"]):
                break
            try:
                params = draw()
            except Exception as e:  # drawing reads the program through TVM's schedule API
                params = None
                steps.append({"name": "draw", "status": "rejected", "message": tvm_message(e)})
            if params is None:
                continue
            step = {"name": schedules.describe(params), "params": params}
            started = time.perf_counter()
            try:
                schedules.apply(sch, params)
            except (tvm.TVMError, tvm.tir.ScheduleError, IndexError, KeyError) as e:
                step.update(status="rejected", message=tvm_message(e).strip().splitlines()[-1][:500],
                            seconds=time.perf_counter() - started)
                steps.append(step)
                continue
            step["seconds"] = time.perf_counter() - started
            applied += 1
            steps.append(self.printed(step, sch.mod))
        return steps

    def printed(self, step, mod):
        started = time.perf_counter()
        try:
            step["script"] = mod.script()
            step["status"] = "ok"
        except Exception as e:  # TVM transformed it but cannot print the result
            step.update(status="unprintable", message=tvm_message(e))
        step["print_seconds"] = time.perf_counter() - started
        return step

    def release(self, request, payload):
        self.modules.pop(request.get("handle"), None)
        return {"status": "ok"}

    def quit(self, request, payload):
        return {"status": "ok"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opt-level", type=int, default=3)
    parser.add_argument("--target", default="llvm")
    options = parser.parse_args()
    # Whatever TVM or a library prints must not reach the protocol stream.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    stdin = sys.stdin.buffer
    worker = Worker(options)
    handlers = {"hello": worker.hello, "compile": worker.compile, "run": worker.run,
                "simplify": worker.simplify, "print": worker.print, "transform": worker.transform,
                "release": worker.release,
                "quit": worker.quit}
    while True:
        request, payload = read_frame(stdin)
        if request is None:
            return 0
        op = request.get("op")
        handler = handlers.get(op)
        if handler is None:
            write_frame(out, {"status": "bad-request", "message": "unknown op %r" % op})
            continue
        if op != "hello" and worker.tvm is None:
            write_frame(out, {"status": "bad-request", "message": "hello must come first"})
            continue
        try:
            response = handler(request, payload)
        except Exception:
            response = {"status": "internal-error", "message": traceback.format_exc(limit=4)}
        header, data = response if isinstance(response, tuple) else (response, b"")
        write_frame(out, header, data)
        if op == "quit":
            return 0


if __name__ == "__main__":
    sys.exit(main())
