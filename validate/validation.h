// Translation validation: a program and what an implementation's passes or schedule primitives
// make of it, step by step, each step's result checked against the one before on the oracle
// (runner/equivalence.h: the same random arguments, the after side must refine the before side).
// The first step after which the outcome changes (other values, a new error, new unspecified
// behaviour) is the finding; a step whose result the oracle cannot read or run ends what can be
// validated.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "backends/external/external_backend.h"
#include "runner/equivalence.h"

namespace tirconf::validate {

using Transformer = backends::external::ExternalBackend;
using StepStatus = Transformer::TransformStep::Status;

// One step as the implementation reported it. Step 0 is always "parse": the program as the
// implementation read and printed it back, checked against the text it was given.
struct Step {
  std::string name;   // "parse", a pass ("Simplify", "ThreadSync(\"shared\")"), a primitive
  std::string params; // a schedule step's description (JSON), to replay it; else empty
  StepStatus status = StepStatus::Ok;
  std::string script;  // the module after the step (Ok)
  std::string message; // the implementation's reason (Rejected / Unprintable)
  double seconds = 0;  // the implementation's time to apply the step and print its result
};

// The steps of one transform reply, "parse" first; empty with `why` when the implementation could
// not be asked or could not read the program.
std::vector<Step> steps_of(const Transformer::TransformResult &r, std::string *why);

enum class StepVerdict {
  Validated,  // the oracle agrees (or BEFORE is unspecified wherever tried)
  Skipped,    // the implementation refused the step (a schedule primitive): nothing changed
  Finding,    // the outcome changed: differ, after-unspecified or error-differs
  OracleBug,  // the oracle contradicted itself on one side: a tirconf bug
  Unreadable, // tirconf cannot read or check the step's result (a tirconf gap, or TVM's)
  CannotRun,  // the oracle cannot run the result (lowered builtins, packed API) or the
              // signature changed: the end of what can be validated
  Refused,    // the implementation failed on a pass: the rest of the list did not run
  NotReached, // after the end
};
std::string_view to_string(StepVerdict v);

struct StepCheck {
  StepVerdict verdict = StepVerdict::NotReached;
  std::string detail;             // one line
  runner::EquivalenceResult pair; // the comparison (Validated, Finding, CannotRun, OracleBug)
  double read_seconds = 0, oracle_seconds = 0;
};

struct Validation {
  std::vector<Step> steps;
  std::vector<StepCheck> checks; // one per step
  // The first Finding or OracleBug, if any; else the first step that ended validation.
  std::optional<size_t> finding, end;
  size_t validated = 0; // steps validated before the finding or the end, "parse" not counted
  // "validate:<primitive or pass>:<verdict>": what campaigns and reports group findings by.
  std::string signature() const;
};

struct ValidationOptions {
  runner::EquivalenceOptions equivalence;
  std::string file = "program.py"; // names the steps' programs: program.py@2:Simplify
};

// Validates `steps` of the program `original` (its text as given to the implementation).
Validation validate_steps(const std::string &original, std::vector<Step> steps,
                          const ValidationOptions &options);

// The pass or primitive a step name stands for, without its arguments: "ThreadSync",
// "split".
std::string step_kind(const std::string &name);

} // namespace tirconf::validate
