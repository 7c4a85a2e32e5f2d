"""A pytest plugin that harvests the TIR programs of Apache TVM's own tests.

Loaded into a pytest run of TVM's tests (`-p harvest_plugin`), it watches what each test hands to
TVM: the module or function given to a pass (`tvm.ir.transform.Pass.__call__`) or to a schedule
(`tvm.tir.Schedule`), and both sides of every structural-equality assertion. After a test that
passed, each of those programs is printed with TVM's own printer and kept once (by text), and the
first input of the test is paired with each program the test asserted equal to what TVM made of
it: a before/after pair that TVM's developers say should mean the same.

Writes into $TIRCONF_HARVEST_OUT: programs/<id>.py (TVM's print), programs.jsonl (id, the tests
that met it, whether TVM re-parses its own print to a structurally equal program), pairs.jsonl
(test, before id, after id).
"""

import hashlib
import json
import os

import pytest

_OUT = os.environ.get("TIRCONF_HARVEST_OUT", "harvest")
_state = {"inputs": [], "asserted": []}
_programs = {}  # id -> record
_pairs = []


def _is_program(obj):
    import tvm

    return isinstance(obj, (tvm.tir.PrimFunc, tvm.IRModule))


def _as_module(obj):
    import tvm

    if isinstance(obj, tvm.tir.PrimFunc):
        return tvm.IRModule({"main": obj})
    return obj


def _remember_input(obj):
    if _is_program(obj) and not _state["inputs"]:
        _state["inputs"].append(obj)


def pytest_configure(config):
    import tvm
    import tvm.ir.base
    import tvm.testing

    original_pass_call = tvm.ir.transform.Pass.__call__

    def pass_call(self, mod):
        _remember_input(mod)
        return original_pass_call(self, mod)

    tvm.ir.transform.Pass.__call__ = pass_call

    original_schedule_init = tvm.tir.Schedule.__init__

    def schedule_init(self, mod, *args, **kwargs):
        _remember_input(mod)
        return original_schedule_init(self, mod, *args, **kwargs)

    tvm.tir.Schedule.__init__ = schedule_init

    original_assert = tvm.ir.base.assert_structural_equal

    def assert_equal(lhs, rhs, *args, **kwargs):
        if _is_program(lhs) and _is_program(rhs):
            _state["asserted"].append((lhs, rhs))
        return original_assert(lhs, rhs, *args, **kwargs)

    tvm.ir.base.assert_structural_equal = assert_equal
    tvm.ir.assert_structural_equal = assert_equal
    os.makedirs(os.path.join(_OUT, "programs"), exist_ok=True)


def _keep(obj, test):
    """The id of obj's print, kept once; None if TVM cannot print it."""
    import tvm

    try:
        text = obj.script()
    except Exception:  # noqa: BLE001 -- a program TVM cannot print is not harvested
        return None
    ident = hashlib.sha1(text.encode()).hexdigest()[:16]
    record = _programs.get(ident)
    if record is None:
        reparses = equal = False
        error = ""
        try:
            parsed = tvm.script.from_source(text)
            reparses = True
            equal = bool(tvm.ir.structural_equal(_as_module(parsed), _as_module(obj)))
        except Exception as e:  # noqa: BLE001 -- recorded: TVM does not read its own print
            error = f"{type(e).__name__}: {str(e).strip().splitlines()[-1] if str(e).strip() else ''}"
        record = {"id": ident, "tests": [], "tvm_reparses": reparses, "tvm_reparse_equal": equal}
        if error:
            record["tvm_error"] = error[:300]
        _programs[ident] = record
        with open(os.path.join(_OUT, "programs", ident + ".py"), "w") as f:
            f.write(text if text.endswith("\n") else text + "\n")
    if test not in record["tests"]:
        record["tests"].append(test)
    return ident


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    _state["inputs"] = []
    _state["asserted"] = []
    outcome = yield
    if outcome.excinfo is not None:
        return  # a failing test's programs say nothing about what TVM means
    test = item.nodeid
    before = _keep(_state["inputs"][0], test) if _state["inputs"] else None
    for lhs, rhs in _state["asserted"]:
        left = _keep(lhs, test)
        right = _keep(rhs, test)
        if before is None:
            continue
        for after in (right, left):
            if after is not None and after != before:
                _pairs.append({"test": test, "before": before, "after": after})
                break


def pytest_unconfigure(config):
    seen = set()
    with open(os.path.join(_OUT, "pairs.jsonl"), "w") as f:
        for pair in _pairs:
            key = (pair["before"], pair["after"])
            if key in seen:
                continue
            seen.add(key)
            f.write(json.dumps(pair) + "\n")
    with open(os.path.join(_OUT, "programs.jsonl"), "w") as f:
        for record in _programs.values():
            f.write(json.dumps(record) + "\n")
