#include "fuzz/reduce_signature.h"

#include <iomanip>
#include <sstream>

#include "reduce/finding.h"

namespace tirconf::fuzz {

ReducedFinding reduce_for_signature(const std::string &finding_py, const std::string &signature,
                                    const ReduceSettings &settings) {
  ReducedFinding out;
  // "kind | implementation | description": the implementation to run.
  const size_t a = signature.find(" | ");
  const size_t b = a == std::string::npos ? a : signature.find(" | ", a + 3);
  if (b == std::string::npos) {
    out.message = "not a signature: " + signature;
    return out;
  }
  const std::string impl = signature.substr(a + 3, b - a - 3);
  std::string error;
  auto finding = reduce::load_finding(finding_py, 0, error);
  if (!finding) {
    out.message = error;
    return out;
  }
  reduce::ReduceRequest req;
  if (impl != "oracle") // an oracle finding is reduced on the oracle alone
    req.backends = {impl};
  req.jobs = settings.jobs;
  req.options.time_limit_seconds = settings.seconds;
  req.timeout_seconds = settings.timeout_seconds;
  req.ulp = settings.ulp;
  const reduce::ReduceResult r = reduce::reduce_finding(*finding, req);
  if (!r.error.empty() || !r.file) {
    out.message = r.error.empty() ? "no result" : r.error;
    return out;
  }
  if (r.signature.text() != signature) {
    out.message = "reproduces as another signature: " + r.signature.text();
    return out;
  }
  std::ostringstream m;
  m << r.report.nodes_before << " -> " << r.report.nodes_after << " IR nodes in " << std::fixed
    << std::setprecision(1) << r.report.seconds << " s";
  out.ok = true;
  out.text = r.file->text;
  out.slug = r.file->slug;
  out.message = m.str();
  return out;
}

} // namespace tirconf::fuzz
