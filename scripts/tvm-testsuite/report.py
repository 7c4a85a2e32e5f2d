"""Judges the programs harvested from Apache TVM's tests (harvest_plugin.py) with tirconf.

Run with a Python that can `import tvm`. For each program TVM re-parses from its own print:
- does tirconf read it, and what does its checker say (`tirconf check`);
- does TVM read what tirconf prints, as a program structurally equal to TVM's own parse;
and for each before/after pair whose sides tirconf reads: does the oracle find them equivalent on
random arguments (`tirconf run BEFORE --against AFTER`), where the build has that option.

Writes DIR/results.jsonl (one record per program and per pair, appended as each is judged, so an
interrupted run keeps what it did and `--resume` goes on from there) and prints a Markdown summary.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import threading


def run(cmd, timeout=60):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


def first_diagnostic(text):
    for line in text.splitlines():
        if ": error" in line:
            return line.split(": ", 1)[1] if ": " in line else line
    return text.strip().splitlines()[0] if text.strip() else ""


RULE = re.compile(r"error\[([a-z0-9_.]+)\]")


def normalise(message):
    """A message with what varies between programs (names, numbers) taken out, for grouping."""
    message = re.sub(r'"[^"]*"', '"_"', message)
    message = re.sub(r"\b[A-Za-z_]*\d+[A-Za-z_\d]*\b", "N", message)
    return re.sub(r"\d+", "N", message)


def tvm_well_formed(tvm, path):
    """What TVM's own well-formedness check says of a program tirconf's checker rejects."""
    try:
        with open(path) as f:
            mod = tvm.script.from_source(f.read(), check_well_formed=False)
        if isinstance(mod, tvm.tir.PrimFunc):
            mod = tvm.IRModule({"main": mod})
        tvm.tir.analysis.verify_well_formed(mod)
        return "well-formed"
    except Exception as e:  # noqa: BLE001 -- its message is the answer
        msg = str(e).strip().splitlines()
        return "rejected: " + (msg[-1] if msg else type(e).__name__)[:200]


def judge_program(tirconf, path, tvm):
    """Read (tirconf print succeeds), then checked, then what TVM makes of tirconf's print."""
    record = {}
    code, printed, err = run([tirconf, "print", path])
    if code != 0:
        record["read"], record["verdict"] = False, "unreadable"
        record["message"] = first_diagnostic(err)
        return record
    record["read"] = True
    code, out, err = run([tirconf, "check", path])
    text = out + err
    if code == 0:
        record["verdict"] = "valid"
    else:
        record["verdict"] = "invalid"
        match = RULE.search(text)
        record["rule"] = match.group(1) if match else ""
        record["message"] = first_diagnostic(text)
        record["tvm_well_formed"] = tvm_well_formed(tvm, path)
    try:
        with open(path) as f:
            original = tvm.script.from_source(f.read())
    except Exception as e:  # noqa: BLE001 -- harvested programs all re-parsed in TVM before
        record["print"] = "original-unparseable: " + type(e).__name__
        return record
    try:
        ours = tvm.script.from_source(printed)
    except Exception as e:  # noqa: BLE001 -- the finding this check looks for
        msg = str(e).strip().splitlines()
        record["print"] = "tvm-cannot-read"
        record["print_error"] = (msg[-1] if msg else type(e).__name__)[:300]
        return record
    as_module = lambda m: m if isinstance(m, tvm.IRModule) else tvm.IRModule({"main": m})
    equal = tvm.ir.structural_equal(as_module(ours), as_module(original))
    record["print"] = "equal" if equal else "different"
    return record


FUNCTION = re.compile(r"^(?:    )?def (\w+)\(", re.M)


def functions(path):
    with open(path) as f:
        return FUNCTION.findall(f.read())


# From agreeing to changed in meaning: the verdict of a module pair is its worst function's.
SEVERITY = ["agree", "before-unspecified", "incomparable", "cannot-run", "timeout", "tool-error",
            "after-unspecified", "error-differs", "differ", "oracle-internal-error"]


def judge_function_pair(tirconf, before, after, func, seed, reading_options, timeout):
    code, out, err = run(
        [tirconf, "run", before, "--against", after, "--trials", "8", "--seed", str(seed), "--json"]
        + (["--func", func] if func else []) + reading_options,
        timeout=timeout,
    )
    if code == 124 and err == "timeout":
        return {"verdict": "timeout", "exit": code, "message": f"no answer in {timeout} s"}
    try:
        result = json.loads(out)
    except json.JSONDecodeError:
        # A side the checker rejects even under the readings given.
        verdict = "not-valid" if "the checker rejects it" in err else "tool-error"
        return {"verdict": verdict, "exit": code, "message": first_diagnostic(out + err)}
    result["exit"] = code
    # Each trial's arguments are in tirconf's answer, hundreds of megabytes for a large
    # convolution; the verdict, why and which rules are what a report needs.
    result.pop("trials", None)
    # The pair's own before/after are the program ids; tirconf's are its sides (file, function).
    for side in ("before", "after"):
        if side in result:
            result[side + "_side"] = result.pop(side)
    return result


def judge_pair(tirconf, before, after, seed, reading_options, timeout):
    """The only function or `main` of each; modules of several functions and no `main`, function
    by function where both have it."""
    names, after_names = functions(before), functions(after)
    if "main" in names or (len(names) == 1 and len(after_names) == 1):
        return judge_function_pair(tirconf, before, after, None, seed, reading_options, timeout)
    common = [n for n in names if n in set(after_names)]
    if not common:
        return {"verdict": "incomparable",
                "reason": "AFTER has none of BEFORE's functions (" + ", ".join(names) + ")"}
    results = {n: judge_function_pair(tirconf, before, after, n, seed, reading_options, timeout)
               for n in common}
    rank = lambda r: SEVERITY.index(r["verdict"]) if r["verdict"] in SEVERITY else len(SEVERITY)
    worst_name = max(common, key=lambda n: rank(results[n]))
    worst = dict(results[worst_name])
    worst["functions"] = {n: r["verdict"] for n, r in results.items()}
    if "reason" in worst:
        worst["reason"] = f"{worst_name}: {worst['reason']}"
    return worst


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("harvest", help="the folder harvest_plugin.py wrote")
    ap.add_argument("--tirconf", required=True, help="the tirconf binary")
    ap.add_argument("--no-pairs", action="store_true", help="judge programs only")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="programs and pairs judged at once")
    ap.add_argument("--reading", action="append", default=[],
                    help="a reading for the oracle, passed to tirconf run (block-predicate=skip)")
    ap.add_argument("--readings", help="a set of readings (tvm)")
    ap.add_argument("--pair-timeout", type=int, default=120, help="seconds for one pair")
    ap.add_argument("--resume", action="store_true",
                    help="keep the records of DIR/results.jsonl and judge only what is missing")
    args = ap.parse_args()
    reading_options = [x for r in args.reading for x in ("--reading", r)]
    if args.readings:
        reading_options += ["--readings", args.readings]

    import tvm  # noqa: F401 -- the caller's TVM

    programs = [json.loads(l) for l in open(os.path.join(args.harvest, "programs.jsonl"))]
    pairs = [json.loads(l) for l in open(os.path.join(args.harvest, "pairs.jsonl"))]
    results_path = os.path.join(args.harvest, "results.jsonl")
    results, pair_done = {}, {}
    # Program ids; records of older runs kept tirconf's side ({"file": ..., "func": ...}) there.
    program_id = lambda x: x if isinstance(x, str) else os.path.basename(x["file"])[:-3]
    pair_key = lambda p: (p["test"], program_id(p["before"]), program_id(p["after"]))
    if args.resume and os.path.exists(results_path):
        for line in open(results_path):
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # the line a killed run was writing
            if "program" in record:
                results[record["program"]["id"]] = record["program"]
            elif "pair" in record:
                pair_done[pair_key(record["pair"])] = record["pair"]
    out = open(results_path, "w")
    write_lock = threading.Lock()

    def keep(kind, record):
        with write_lock:
            out.write(json.dumps({kind: record}) + "\n")
            out.flush()

    for record in results.values():
        keep("program", record)
    for record in pair_done.values():
        keep("pair", record)
    def judge_one(p):
        path = os.path.join(args.harvest, "programs", p["id"] + ".py")
        record = judge_program(args.tirconf, path, tvm)
        record["id"], record["tests"] = p["id"], p["tests"]
        keep("program", record)
        return record

    to_judge = [p for p in programs if p["tvm_reparses"] and p["id"] not in results]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for record in pool.map(judge_one, to_judge):
            results[record["id"]] = record
    pair_results = []
    has_against = "--against" in run([args.tirconf, "run", "--help"])[1]
    if not args.no_pairs and has_against:
        def judge(pair):
            b, a = results.get(pair["before"]), results.get(pair["after"])
            record = dict(pair)
            if not b or not a or not b.get("read") or not a.get("read"):
                record["verdict"] = "not-read"
            elif (b["verdict"] != "valid" or a["verdict"] != "valid") and not reading_options:
                record["verdict"] = "not-valid"
            else:
                before = os.path.join(args.harvest, "programs", pair["before"] + ".py")
                after = os.path.join(args.harvest, "programs", pair["after"] + ".py")
                record.update(judge_pair(args.tirconf, before, after, args.seed, reading_options,
                                         args.pair_timeout))
            keep("pair", record)
            return record

        pair_results = [pair_done[pair_key(p)] for p in pairs if pair_key(p) in pair_done]
        to_judge = [p for p in pairs if pair_key(p) not in pair_done]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            pair_results += list(pool.map(judge, to_judge))
    out.close()

    total = len(results)
    read = sum(r["read"] for r in results.values())
    verdicts = collections.Counter(r["verdict"] for r in results.values())
    prints = collections.Counter(r.get("print", "-") for r in results.values() if r["read"])
    print(f"## Programs ({len(programs)} harvested, {total} that TVM re-parses from its own print)\n")
    print(f"- tirconf reads {read} of {total} ({100.0 * read / max(total, 1):.1f}%): "
          f"{verdicts['valid']} valid, {verdicts['invalid']} invalid, "
          f"{verdicts['unreadable']} unreadable")
    print("- what tirconf prints, read by TVM: " +
          ", ".join(f"{k} {v}" for k, v in prints.most_common()))
    unreadable = collections.Counter(
        normalise(r.get("message", "")) for r in results.values() if not r["read"])
    if unreadable:
        print("\nNot read, by cause:\n")
        for message, n in unreadable.most_common():
            print(f"- {n} × {message}")
    rules = collections.Counter(
        (r.get("rule", ""), r.get("tvm_well_formed", "").split(":")[0])
        for r in results.values() if r["verdict"] == "invalid")
    if rules:
        print("\nRejected by tirconf's checker, by rule, and what TVM's verify_well_formed says:\n")
        for (rule, tvm_says), n in rules.most_common():
            print(f"- {n} × `{rule}` (TVM: {tvm_says})")
        print("\nEach of them:\n")
        for r in sorted(results.values(), key=lambda r: r.get("rule", "")):
            if r["verdict"] == "invalid":
                print(f"- {r['id']} `{r.get('rule', '')}` {r.get('message', '')[:140]} "
                      f"(TVM: {r.get('tvm_well_formed', '')[:80]}; test {r['tests'][0]})")
    different = [r for r in results.values() if r.get("print") not in (None, "equal")]
    if different:
        print("\nPrinted programs TVM does not read back as the same program:\n")
        for r in different:
            print(f"- {r['id']}: {r['print']} {r.get('print_error', '')}")
    reparses = {p["id"]: p["tvm_reparses"] for p in programs}

    def not_judged_why(pair):
        """Why a pair was not run: the first side TVM or tirconf could not take."""
        for side in ("before", "after"):
            pid = pair[side]
            if not reparses.get(pid, False):
                return f"TVM cannot re-parse its own print of {side.upper()}"
            r = results.get(pid, {})
            if not r.get("read"):
                return f"tirconf cannot read {side.upper()}: " + normalise(r.get("message", ""))
            if r.get("verdict") != "valid":
                return f"tirconf's checker rejects {side.upper()}: `{r.get('rule', '')}`"
        return ""

    for r in pair_results:
        if r["verdict"] in ("not-read", "not-valid"):
            r["reason"] = not_judged_why(r)
    if pair_results:
        by = collections.Counter(r["verdict"] for r in pair_results)
        print(f"\n## Before/after pairs ({len(pairs)})\n")
        print(", ".join(f"{k} {v}" for k, v in by.most_common()))
        why = collections.Counter(
            (r["verdict"], normalise(r.get("reason", r.get("message", "")))[:160])
            for r in pair_results if r["verdict"] != "agree")
        if why:
            print("\nPairs the oracle does not find equivalent, or cannot judge, by reason:\n")
            for (verdict, reason), n in why.most_common():
                print(f"- {n} × {verdict}: {reason}")
        findings = [r for r in pair_results
                    if r["verdict"] in ("differ", "after-unspecified", "error-differs")]
        if findings:
            print("\nEach pair the oracle finds changed in meaning:\n")
            for r in findings:
                print(f"- `{r['test']}` ({r['before']} -> {r['after']}): {r['verdict']}: "
                      f"{r.get('reason', '')[:200]}")
        others = [r for r in pair_results
                  if r["verdict"] not in ("agree", "differ", "after-unspecified", "error-differs")]
        if others:
            print("\nEvery other pair that does not agree, with why:\n")
            for r in sorted(others, key=lambda r: (r["verdict"], r["test"])):
                why = re.sub(r"\(reading [^)]*\)", "", r.get("reason", r.get("message", "")))
                print(f"- {r['verdict']}: `{r['test']}` ({r['before']} -> {r['after']}): "
                      f"{why.replace(args.harvest + '/programs/', '')[:220]}")
    elif not has_against:
        print("\n(pairs not judged: this tirconf has no `run --against`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
