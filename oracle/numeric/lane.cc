#include "oracle/numeric/lane.h"

#include <stdexcept>

namespace tirconf::oracle::numeric {

std::string_view fault_message(Fault f) {
  switch (f) {
  case Fault::None:
    return "";
  case Fault::DivideByZero:
    return "integer divide by zero";
  case Fault::IntMinDivOverflow:
    return "integer division overflow";
  case Fault::ShiftAmount:
    return "shift amount out of range";
  case Fault::FloatToIntRange:
    return "float to integer conversion out of range";
  case Fault::FloatMinMaxNaN:
    return "float min/max of NaN or of signed zeros";
  case Fault::CastToHandle:
    return "integer cast to handle";
  }
  return "";
}

runtime::Outcome to_outcome(const LaneResult &r, runtime::Location where, std::string detail) {
  using runtime::UnspecifiedClass;
  std::string message(fault_message(r.fault));
  std::string rule(r.rule);
  auto unspecified = [&](UnspecifiedClass c) {
    return runtime::Outcome::unspecified(c, rule, std::move(where),
                                         detail.empty() ? message : detail);
  };
  switch (r.fault) {
  case Fault::None:
    break;
  case Fault::DivideByZero:
    return runtime::Outcome::error(runtime::ErrorClass::DivideByZero, message, rule,
                                   std::move(where));
  case Fault::IntMinDivOverflow: // [unspec.int_min_div] overflow
  case Fault::ShiftAmount:       // [unspec.shift_amount] overflow
  case Fault::FloatToIntRange:   // [unspec.float_to_int_range] overflow
    return unspecified(UnspecifiedClass::Overflow);
  case Fault::FloatMinMaxNaN: // [unspec.float_minmax_nan] ambiguous
    return unspecified(UnspecifiedClass::Ambiguous);
  case Fault::CastToHandle: // [unspec.cast_to_handle] any
    return unspecified(UnspecifiedClass::Any);
  }
  throw std::logic_error("to_outcome: a lane result without a fault");
}

} // namespace tirconf::oracle::numeric
