"""Checks a tirconf report.json against its schema and against the inputs it was built from,
recomputing what it can without tirconf's code: the rule list and traceability from
`tirconf rules --json`, each implementation's file counts from `tirconf conform --json`, each
rule's status from the files citing it, and the findings from the campaign's stats.json.

usage: report_check.py SCHEMA REPORT RULES_JSON CAMPAIGN_DIR IMPL=CONFORM.json[,SHARD.json]...
"""
import json
import sys

import jsonschema

WORST_FIRST = ["fail", "expected", "pass"]
VERDICT_STATUS = {"unexpected-failure": "fail", "expected": "expected", "pass": "pass",
                  "unexpected-pass": "pass"}


def main():
    schema_path, report_path, rules_path, campaign_dir = sys.argv[1:5]
    schema = json.load(open(schema_path))
    jsonschema.Draft202012Validator.check_schema(schema)
    report = json.load(open(report_path))
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(report), key=str)
    assert not errors, "schema: " + "; ".join(e.message for e in errors[:5])

    # Every rule of the catalog, once, in the catalog's order, with rules --json's traceability.
    rules = json.load(open(rules_path))["rules"]
    assert [r["id"] for r in report["rules"]] == [r["id"] for r in rules], "rule list differs"
    assert report["catalog"]["rules"] == len(rules)
    assert sum(s["rules"] for s in report["catalog"]["sections"]) == len(rules)
    for mine, theirs in zip(report["rules"], rules):
        sites = mine["sites"]
        assert sorted(sites["checker"] + sites["evaluator"] + sites["other"]) == sorted(theirs["sites"]), mine["id"]
        tests = mine["tests"]
        assert sorted(tests["conformance"] + tests["regressions"]) == sorted(theirs["tests"]), mine["id"]
        assert all("/regressions/" in t for t in tests["regressions"]), mine["id"]
        assert tests["unit"] == theirs["unit_tests"], mine["id"]
        assert mine["kind"] == theirs["kind"] and mine["section"] == theirs["section"]
    untested = [r["id"] for r in rules if not r["tests"] and not r["unit_tests"]]
    assert report["gaps"]["untested_rules"] == untested

    # Each implementation: conform's counts, and each rule's status from the files citing it.
    by_name = {i["name"]: i for i in report["implementations"]}
    for arg in sys.argv[5:]:
        name, paths = arg.split("=", 1)
        runs = [json.load(open(p)) for p in paths.split(",")]
        impl = by_name[name]
        for key in ["files", "passed", "expected_failures", "unexpected_failures",
                    "unexpected_passes", "skipped"]:
            want = sum(run["summary"][key] for run in runs)
            assert impl["files"][key] == want, (name, key, impl["files"][key], want)
        verdicts = {}
        for run in runs:
            for f in run["files"]:
                for rule in f["rules"]:
                    verdicts.setdefault(rule, set()).add(VERDICT_STATUS.get(f["verdict"]))
        counts = {"pass": 0, "expected": 0, "fail": 0, "untested": 0}
        for r in report["rules"]:
            seen = verdicts.get(r["id"], set())
            want = next((s for s in WORST_FIRST if s in seen), "untested")
            assert r["status"][name] == want, (name, r["id"], r["status"][name], want)
            counts[want] += 1
        assert impl["rules"] == counts, (name, impl["rules"], counts)
        for section in impl["sections"]:
            total = sum(section[k] for k in counts)
            assert total == next(s["rules"] for s in report["catalog"]["sections"]
                                 if s["section"] == section["section"]), section

    # The campaign: its signatures, counts and the rules its programs reached.
    stats = json.load(open(campaign_dir + "/stats.json"))
    assert len(report["campaigns"]) == 1 and report["campaigns"][0]["programs"] == stats["programs"]
    assert sorted((f["signature"], f["count"]) for f in report["findings"]) == \
        sorted((s["signature"], s["count"]) for s in stats["signatures"])
    reached = set(stats["rules"])
    for r in report["rules"]:
        if r["kind"] in ("semantics", "binding"):
            assert r["generated"] == (r["id"] in reached), r["id"]
        else:
            assert r["generated"] is None, r["id"]
    assert report["gaps"]["unreached_rules"] == [r["id"] for r in report["rules"] if r["generated"] is False]
    print("report.json: schema, %d rules, %d implementations, %d findings: ok" % (
        len(rules), len(report["implementations"]), len(report["findings"])))


main()
