// libFuzzer target `reader`: the input as TVMScript. The reader must never crash, and a text it
// refuses gets a located diagnostic. What it accepts must print to a fixed point: the printed
// text reads back (unless it needs more nested brackets than Python reads), and prints the same
// text again. (print(read(x)) need not be x: spelling is free; the printer chooses one spelling,
// and must stick to it.)
#include <string>
#include <string_view>

#include "fuzz/targets/target_support.h"
#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "ir/tvmscript/reader_error.h"

using namespace tirconf;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const std::string_view text(reinterpret_cast<const char *>(data), size);
  const ir::ReadResult first = ir::read_tvmscript(text, "input.py");
  if (!first.ok()) {
    if (first.diagnostics.empty() || first.diagnostics.front().loc.line < 1)
      fuzz_targets::bug("reader", "a text is refused without a located diagnostic");
    return 0;
  }
  const std::string printed = ir::print_tvmscript(first.module);
  const ir::ReadResult second = ir::read_tvmscript(printed, "printed.py");
  // Sugar that prints as calls (`a & b & ...`, `~~x`) can need more nested brackets than Python
  // reads; TVM prints the same, and no spelling avoids it.
  if (!second.ok() && !second.diagnostics.empty() &&
      second.diagnostics.front().message == ir::script::kTooManyBrackets)
    return 0;
  if (!second.ok())
    fuzz_targets::bug("reader",
                      "the printed program does not read back: " +
                          (second.diagnostics.empty() ? std::string("(no diagnostic)")
                                                      : ir::format(second.diagnostics.front())) +
                          "\n--- printed ---\n" + printed);
  const std::string again = ir::print_tvmscript(second.module);
  if (again != printed)
    fuzz_targets::bug("reader", "printing is not a fixed point\n--- printed ---\n" + printed +
                                    "--- read back and printed again ---\n" + again);
  return 0;
}
