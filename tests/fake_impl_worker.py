#!/usr/bin/env python3
"""A stand-in external implementation for tirconf's tests of the worker protocol
(backends/external/PROTOCOL.md): it needs nothing but Python, compiles any module, and runs it by
returning the tensors unchanged. A comment in the module's text makes it misbehave, so that the
tests can show what tirconf does when an implementation crashes, hangs or breaks the protocol:

    # fake: crash-on-run      the worker kills itself with SIGSEGV when the module runs
    # fake: hang-on-run       the worker sleeps forever when the module runs
    # fake: hang-on-first-run the same, the first time any worker runs it (FAKE_IMPL_LOG + ".hung"
                              marks that it did); later runs return the tensors
    # fake: garbage-on-run    the worker writes bytes that are not a frame
    # fake: reject            compile answers rejected (stage build)
    # fake: error-on-run      run answers error with the message "Assert fail: fake"

`transform` applies text rewrites named as passes: `identity`, `rename` (the buffer A becomes
A_1: the same program), `miscompile` (the first "+ 1" becomes "+ 2"), `reject` (refused),
`garble` (prints something that is not a program), `packed` (the entry takes one more
parameter); "default" is identity, rename, miscompile, packed. A schedule replays its steps'
"primitive" the same way, or draws `count` identity steps.

With FAKE_IMPL_UNAVAILABLE set, hello answers `unavailable` with that text (an implementation
that cannot be imported). Every request is appended to the file named by FAKE_IMPL_LOG, if set, one JSON header per line,
so that tests can see what tirconf sent (and that a restarted worker was asked to compile again).
"""
import json
import os
import signal
import struct
import sys
import time


def read_exact(stream, n):
    data = b""
    while len(data) < n:
        chunk = stream.read(n - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def rewrite(name, script):
    if name == "rename":
        return script.replace("A[", "A_1[").replace("A: T.Buffer", "A_1: T.Buffer")
    if name == "miscompile":
        return script.replace("+ 1", "+ 2", 1)
    if name == "garble":
        return "this is not TVMScript\n"
    if name == "packed":
        return script.replace("def main(", "def main(extra: T.int32, ", 1)
    return script


def transform(request):
    script = request["source"]
    if "schedule" in request:
        schedule = request["schedule"]
        steps_given = schedule.get("steps") or [{"primitive": "identity"}] * int(schedule.get("count", 0))
        names = [(step["primitive"], step) for step in steps_given]
    else:
        passes = request["passes"]
        if passes == "default":
            passes = ["identity", "rename", "miscompile", "packed"]
        names = [(name, None) for name in passes]
    steps = []
    for name, params in names:
        step = {"name": name, "seconds": 0.001, "print_seconds": 0.0}
        if params is not None:
            step["params"] = params
        if name == "reject":
            step.update(status="rejected", message="fake refuses " + name)
            steps.append(step)
            if params is None:
                break
            continue
        script = rewrite(name, script)
        step.update(status="ok", script=script)
        steps.append(step)
    return {"status": "ok", "parsed": request["source"], "steps": steps}


def main():
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    modules, next_handle = {}, 1
    log = os.environ.get("FAKE_IMPL_LOG")
    while True:
        prefix = read_exact(stdin, 12)
        if prefix is None:
            return 0
        header_bytes, payload_bytes = struct.unpack("<IQ", prefix)
        request = json.loads(read_exact(stdin, header_bytes))
        payload = read_exact(stdin, payload_bytes) if payload_bytes else b""
        if log:
            with open(log, "a") as f:
                f.write(json.dumps(request) + "\n")
        op = request.get("op")
        out = b""
        if op == "hello" and os.environ.get("FAKE_IMPL_UNAVAILABLE"):
            response = {"status": "unavailable", "message": os.environ["FAKE_IMPL_UNAVAILABLE"]}
        elif op == "hello":
            response = {"status": "ok", "protocol": 2, "name": "fake", "version": "1.0",
                        "build": "test", "dialect": "tir", "capabilities": {"recursion": False},
                        "unsupported": [{"construct": "tir.While", "reason": "fake: no loops of that kind"}]}
        elif op == "compile":
            source = request["source"]
            if "# fake: reject" in source:
                response = {"status": "rejected", "stage": "build", "message": "fake refuses it"}
            else:
                modules[next_handle] = source
                response = {"status": "ok", "handle": next_handle, "seconds": {"parse": 0.0, "build": 0.0}}
                next_handle += 1
        elif op == "run":
            source = modules[request["handle"]]
            if "# fake: crash-on-run" in source:
                os.kill(os.getpid(), signal.SIGSEGV)
            if "# fake: hang-on-run" in source:
                time.sleep(3600)
            if "# fake: hang-on-first-run" in source:
                marker = os.environ.get("FAKE_IMPL_LOG", "fake_impl") + ".hung"
                if not os.path.exists(marker):
                    open(marker, "w").close()
                    time.sleep(3600)
            if "# fake: garbage-on-run" in source:
                stdout.write(b"this is not a frame at all")
                stdout.flush()
                time.sleep(3600)
            if "# fake: error-on-run" in source:
                response = {"status": "error", "message": "Assert fail: fake"}
            else:
                buffers = []
                for i, arg in enumerate(request["args"]):
                    if "tensor" in arg:
                        t = arg["tensor"]
                        blob = t["data"]
                        data = payload[blob["offset"]:blob["offset"] + blob["bytes"]]
                        buffers.append({"index": i, "tensor": {"dtype": t["dtype"], "shape": t["shape"],
                                                               "data": {"offset": len(out), "bytes": len(data)}}})
                        out += data
                response = {"status": "ok", "buffers": buffers, "return": None}
        elif op == "print":
            # Prints back what it read. tirconf sends its own print, without comments, so the
            # function's name says how to misbehave: rename_on_print renames a buffer (the same
            # program, another text), change_on_print changes a constant (another program).
            script = request["source"]
            if "def rename_on_print" in script:
                script = script.replace("A[", "A_1[").replace("A: T.Buffer", "A_1: T.Buffer")
            if "def change_on_print" in script:
                script = script.replace("+ 1", "+ 2")
            response = {"status": "ok", "script": script}
        elif op == "transform":
            response = transform(request)
        elif op == "simplify":
            response = {"status": "ok", "results": [{"status": "ok", "expr": e} for e in request["exprs"]]}
        elif op in ("release", "quit"):
            response = {"status": "ok"}
        else:
            response = {"status": "bad-request", "message": "unknown op"}
        text = json.dumps(response).encode()
        stdout.write(struct.pack("<IQ", len(text), len(out)) + text + out)
        stdout.flush()
        if op == "quit":
            return 0


if __name__ == "__main__":
    sys.exit(main())
