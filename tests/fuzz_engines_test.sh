#!/usr/bin/env bash
# The engine configurations of fuzz/engines, checked without any cluster. Every YAML file parses;
# every shell script in them (the sbatch files, the Kubernetes containers' scripts, the workflow's
# run steps) passes bash -n; the shard count N agrees everywhere (a Job's completions and
# parallelism, a Slurm array's size, a workflow's matrix, and the N of their --shard I/N), and the
# platform's time limit is above the campaign's --time. Then the shard scripts run with a stand-in
# tirconf: index I gets --shard I/N and a directory of its own, and --resume once that directory
# holds a checkpoint (a rescheduled pod or a requeued task continues); a pod that found something
# (exit 1) succeeds, or Kubernetes would retry it.
# Usage: fuzz_engines_test.sh SOURCE_DIR [ENGINES_DIR]   (default SOURCE_DIR/fuzz/engines; a
# second argument lets a broken copy be checked). Exit 1 naming the file and what is wrong.
set -euo pipefail
dir=${2:-$1/fuzz/engines}
if ! python3 -c 'import yaml' 2>/dev/null; then
  echo "skipped: no python3-yaml"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
fail() {
  echo "FAIL $*"
  failed=1
}

# The static checks, and a plan for the rest: "error TEXT", "syntax LABEL FILE",
# "shard LABEL KIND FILE N" (KIND: k8s, run with sh; slurm, run with bash).
python3 - "$dir" "$work" >"$work/plan" <<'EOF' || fail "$dir: the checks themselves failed (above)"
import glob, os, re, sys, yaml

folder, work = sys.argv[1], sys.argv[2]
count = 0
found = set()

def error(f, msg):
    print(f"error\t{os.path.basename(f)}: {msg}")

def write(text, prefix=""):
    global count
    count += 1
    path = f"{work}/script{count}.sh"
    with open(path, "w") as f:
        f.write(prefix + text)
    return path

def syntax(label, text):
    # GitHub's ${{ ... }} is replaced before the shell sees the step.
    print(f"syntax\t{label}\t{write(re.sub(r'[$][{][{].*?[}][}]', '0', text))}")

def duration(t):  # tirconf's DURATION: 8h, 30m, 90s, or plain seconds
    m = re.fullmatch(r"(\d+)([hms]?)", t)
    return int(m[1]) * {"h": 3600, "m": 60, "s": 1, "": 1}[m[2]] if m else None

def slurm_time(t):  # M, M:S, H:M:S, D-H, D-H:M, D-H:M:S
    days, _, rest = t.rpartition("-")
    p = [int(x) for x in rest.split(":")]
    h, m, s = (p + [0, 0])[:3] if days else [[0, p[0], 0], [0] + p, p][len(p) - 1]
    return ((int(days or 0) * 24 + h) * 60 + m) * 60 + s

def campaign(f, text, limit, what):
    """The N of --shard I/N in text, after checking that the time limit is above --time."""
    t = re.search(r"--time\s+\"?(\w+)", text)
    if not t or duration(t[1]) is None:
        error(f, "no --time DURATION in the fuzz command")
    elif limit is not None and limit <= duration(t[1]):
        error(f, f"{what} ({limit} s) is not above the campaign's --time {t[1]}")
    n = re.search(r"--shard\s+\"?(?:[$][{][{][^}]*[}][}]|\S+?)/(\d+)", text)
    return int(n[1]) if n else None

def job(f, doc):
    spec = doc.get("spec") or {}
    pod = (spec.get("template") or {}).get("spec") or {}
    pvcs = {v.get("name") for v in pod.get("volumes") or [] if "persistentVolumeClaim" in v}
    for c in pod.get("containers") or []:
        argv = [*(c.get("command") or []), *(c.get("args") or [])]
        if "-c" not in argv[:-1]:
            continue
        script = argv[argv.index("-c") + 1]
        label = f"{os.path.basename(f)}: container {c.get('name')}"
        syntax(label, script)
        if not re.search(r"tirconf fuzz .*--shard", script, re.S):
            continue
        found.add("k8s")
        if doc.get("apiVersion") != "batch/v1" or spec.get("completionMode") != "Indexed":
            error(f, "the fuzz Job is not a batch/v1 Job with completionMode: Indexed")
        n = campaign(f, script, spec.get("activeDeadlineSeconds"), "activeDeadlineSeconds")
        if n is None or not spec.get("completions") == spec.get("parallelism") == n:
            error(f, f"completions ({spec.get('completions')}), parallelism "
                  f"({spec.get('parallelism')}) and the N of --shard I/N ({n}) differ")
        if (spec.get("backoffLimitPerIndex") is not None or spec.get("podFailurePolicy")) \
                and pod.get("restartPolicy") != "Never":
            error(f, "backoffLimitPerIndex and podFailurePolicy need restartPolicy: Never")
        for word in ("JOB_COMPLETION_INDEX", "--out", "checkpoint.json", "--resume"):
            if word not in script:
                error(f, f"the fuzz container's script does not mention {word}")
        # The results must outlive the pod: the script writes under a claim's mount, which the
        # runnable copy moves into the sandbox.
        mounts = [m["mountPath"] for m in c.get("volumeMounts") or [] if m.get("name") in pvcs]
        if not any(m in script for m in mounts):
            error(f, "the fuzz script writes nowhere on a PersistentVolumeClaim's mount")
        env = "".join(f"export {e['name']}='{e.get('value', '')}'\n" for e in c.get("env") or [])
        for m in mounts:
            script = script.replace(m, f"{work}/k8s{m}")
        print(f"shard\t{label}\tk8s\t{write(script, env)}\t{n}")

def workflow(f, wf):
    found.add("github")
    on = wf.get("on", wf.get(True)) or {}  # YAML 1.1 reads a bare `on` as true
    if not isinstance(on, dict) or not on.get("schedule"):
        error(f, "no on.schedule: the workflow is not nightly")
    jobs = wf.get("jobs") or {}
    for name, j in jobs.items():
        for k, step in enumerate(j.get("steps") or []):
            if "run" in step:
                syntax(f"{os.path.basename(f)}: job {name}, step {k + 1}", step["run"])
    fuzz, merge = jobs.get("fuzz") or {}, jobs.get("merge") or {}
    runs = "\n".join(s.get("run", "") for s in fuzz.get("steps") or [])
    shards = ((fuzz.get("strategy") or {}).get("matrix") or {}).get("shard")
    minutes = fuzz.get("timeout-minutes", 360)
    n = campaign(f, runs, minutes * 60, "the fuzz job's timeout-minutes")
    if "matrix.shard" not in runs or n is None or shards != list(range(n)):
        error(f, f"the fuzz job's matrix.shard ({shards}) is not 0..N-1 for the N of "
              f"--shard ${{{{ matrix.shard }}}}/N ({n})")
    if (fuzz.get("strategy") or {}).get("fail-fast", True) is not False:
        error(f, "the fuzz job lacks fail-fast: false (a shard that finds something would "
              "cancel the others)")
    for s in fuzz.get("steps") or []:
        if "upload-artifact" in s.get("uses", "") and "always()" not in str(s.get("if")):
            error(f, "the fuzz job's upload lacks if: always() (a shard that finds something "
                  "would upload nothing)")
    needs = merge.get("needs")
    if "fuzz" not in ([needs] if isinstance(needs, str) else needs or []):
        error(f, "no merge job with needs: fuzz")
    if "always()" not in str(merge.get("if")):
        error(f, "the merge job lacks if: always() (it would not run when a shard finds something)")
    merged = "\n".join(s.get("run", "") for s in merge.get("steps") or [])
    for word in ("tirconf fuzz merge", "tirconf report"):
        if word not in merged:
            error(f, f"the merge job does not run {word}")

for f in sorted(glob.glob(f"{folder}/*.yaml") + glob.glob(f"{folder}/*.yml")):
    try:
        docs = [d for d in yaml.safe_load_all(open(f)) if d]
    except yaml.YAMLError as e:
        error(f, f"not YAML: {e}".replace("\n", " "))
        continue
    for doc in docs:
        if not isinstance(doc, dict):
            error(f, "a document that is not a mapping")
        elif doc.get("kind") == "Job":
            job(f, doc)
        elif "jobs" in doc:
            workflow(f, doc)

for f in sorted(glob.glob(f"{folder}/*.sbatch")):
    print(f"syntax\t{os.path.basename(f)}\t{f}")
    text = open(f).read()
    array = re.search(r"^#SBATCH\s+--array=(\S+)", text, re.M)
    if not array:
        continue
    found.add("slurm")
    limit = re.search(r"^#SBATCH\s+--time=(\S+)", text, re.M)
    n = campaign(f, text, slurm_time(limit[1]) if limit else None, "#SBATCH --time")
    k = re.fullmatch(r"0-(\d+)(%\d+)?", array[1])
    if not k:
        error(f, f"#SBATCH --array={array[1]} is not 0-K")
    else:
        print(f"shard\t{os.path.basename(f)}\tslurm\t{f}\t{int(k[1]) + 1}")
    for word in ("checkpoint.json", "--resume"):
        if word not in text:
            error(f, f"does not mention {word}")

for kind, what in (("k8s", "Kubernetes Job running tirconf fuzz --shard"),
                   ("slurm", "sbatch file with #SBATCH --array"),
                   ("github", "workflow with jobs")):
    if kind not in found:
        print(f"error\t{folder}: found no {what}")
EOF

while IFS=$'\t' read -r what label rest; do
  case $what in
    error) fail "$label" ;;
    syntax) bash -n "$rest" 2>"$work/err" || fail "$label: bash -n: $(sed "s|^$rest: ||" "$work/err")" ;;
  esac
done <"$work/plan"

# The stand-in for tirconf: records how it was called, and leaves a checkpoint in --out, as a
# campaign that was stopped would.
mkdir -p "$work/bin"
cat >"$work/bin/tirconf" <<'EOF'
#!/usr/bin/env bash
verb=$1 shard=- out=- resume=no
while [ $# -gt 0 ]; do
  case $1 in
    --shard) shard=$2 && shift ;;
    --out) out=$2 && shift ;;
    --resume) resume=yes ;;
  esac
  shift
done
echo "$verb $shard $out $resume" >"$STANDIN_LOG"
[ "$out" = - ] || { mkdir -p "$out" && touch "$out/checkpoint.json"; }
exit "${STANDIN_RC:-0}"
EOF
chmod +x "$work/bin/tirconf"

# run KIND SCRIPT INDEX N [RC]: the shard script for INDEX, the stand-in exiting RC; its exit
# status, and the stand-in's record in $call.
run() {
  local kind=$1 script=$2 i=$3 n=$4 rc=${5:-0}
  mkdir -p "$work/submit"
  : >"$work/log"
  set +e
  if [ "$kind" = k8s ]; then
    (cd "$work/submit" && env -u TIRCONF PATH="$work/bin:$PATH" STANDIN_LOG="$work/log" \
      STANDIN_RC="$rc" JOB_COMPLETION_INDEX="$i" sh "$script") >"$work/out" 2>&1
  else
    (cd "$work/submit" && env -u TIRCONF -u SLURM_ARRAY_TASK_COUNT PATH="$work/bin:$PATH" \
      STANDIN_LOG="$work/log" STANDIN_RC="$rc" SLURM_SUBMIT_DIR="$work/submit" \
      SLURM_ARRAY_TASK_ID="$i" ${n:+SLURM_ARRAY_TASK_COUNT=$n} bash "$script") >"$work/out" 2>&1
  fi
  status=$?
  set -e
  call=$(cat "$work/log")
}

while IFS=$'\t' read -r what label kind script n; do
  [ "$what" = shard ] || continue
  outs=()
  for i in 0 $((n - 1)); do
    run "$kind" "$script" "$i" "$n"
    read -r verb shard out resume <<<"${call:-- - - -}"
    if [ "$status" -ne 0 ] || [ "$verb" != fuzz ]; then
      fail "$label: shard $i did not run tirconf fuzz (exit $status): $(tail -3 "$work/out")"
      continue 2
    fi
    [ "$shard" = "$i/$n" ] || fail "$label: shard $i of $n runs --shard $shard"
    [ "$resume" = no ] || fail "$label: shard $i resumes before it has a checkpoint"
    outs+=("$out")
  done
  [ "${outs[0]}" != "${outs[1]}" ] || fail "$label: shards 0 and $((n - 1)) share --out ${outs[0]}"
  run "$kind" "$script" 0 "$n"
  read -r verb shard out resume <<<"${call:-- - - -}"
  [ "$out $resume" = "${outs[0]} yes" ] ||
    fail "$label: shard 0, run again over its checkpoint, does not resume it: tirconf $call"
  if [ "$kind" = k8s ]; then
    run "$kind" "$script" 0 "$n" 1
    [ "$status" -eq 0 ] || fail "$label: a shard that found something exits $status, not 0"
    run "$kind" "$script" 0 "$n" 2
    [ "$status" -ne 0 ] || fail "$label: a shard whose tirconf failed (exit 2) exits 0"
  else
    run "$kind" "$script" 1 ""
    read -r verb shard _ <<<"${call:-- - -}"
    [ "$shard" = "1/$n" ] ||
      fail "$label: without SLURM_ARRAY_TASK_COUNT, shard 1 of $n runs --shard $shard"
  fi
done <"$work/plan"

if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "fuzz/engines: all configurations pass ($(grep -c '^syntax' "$work/plan") shell scripts)"
