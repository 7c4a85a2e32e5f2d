#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

void trap_error(runtime::ErrorClass c, std::string message, std::string_view rule,
                runtime::Location where) {
  throw Trap{runtime::Outcome::error(c, std::move(message), std::string(rule), std::move(where))};
}

void trap_unspecified(runtime::UnspecifiedClass c, std::string_view rule, runtime::Location where,
                      std::string detail) {
  throw Trap{
      runtime::Outcome::unspecified(c, std::string(rule), std::move(where), std::move(detail))};
}

void trap_invalid(std::string_view rule, runtime::Location where, std::string message) {
  throw OracleBug{runtime::Outcome(
      runtime::InternalErrorOutcome{std::string(rule), std::move(where), std::move(message)})};
}

} // namespace tirconf::oracle::eval
