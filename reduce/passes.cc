#include "reduce/passes.h"

namespace tirconf::reduce {

std::span<const Pass> passes() {
  static const Pass table[] = {
      {"drop-function", "delete a function other than the entry", drop_function},
      {"delete-statement", "delete a statement, or half of a sequence", delete_statement},
      {"unwrap-statement",
       "replace a loop, let, attribute, assert, allocation, branch or block by its body",
       unwrap_statement},
      {"simplify-loop", "one iteration, half the iterations, start at 0, serial, no annotations",
       simplify_loop},
      {"simplify-block", "drop a block's init, allocations, match_buffers, annotations, predicate",
       simplify_block},
      {"to-operand", "replace an expression by one of its operands", to_operand},
      {"to-constant", "replace an expression by 0 or 1 of its dtype", to_constant},
      {"to-observed-value",
       "replace an expression of the entry by the value the oracle computed for it",
       to_observed_value},
      {"smaller-constant", "replace a constant by 0, 1 or half of it", smaller_constant},
      {"drop-parameter", "delete a parameter and its argument", drop_parameter},
      {"shrink-buffer", "halve a dimension of a buffer parameter, and its argument", shrink_buffer},
      {"drop-unit-dimension", "remove a dimension of extent 1 from a buffer parameter",
       drop_unit_dimension},
      {"drop-return", "the entry returns nothing: its return type and returns removed",
       drop_return},
      {"zero-argument", "make an argument's data all zeros", zero_argument},
  };
  return table;
}

} // namespace tirconf::reduce
