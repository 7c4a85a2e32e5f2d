// tirconf: conformance suite and differential fuzzer for TIR.
#include <iostream>

#include "tools/commands.h"

int main(int argc, char **argv) {
  CLI::App app{"tirconf: conformance suite and differential fuzzer for TIR"};
  app.require_subcommand(1);
  int exit_code = tirconf::tools::kSuccess;
  tirconf::tools::register_check(app, exit_code);
  tirconf::tools::register_run(app, exit_code);
  tirconf::tools::register_test(app, exit_code);
  tirconf::tools::register_rules(app, exit_code);
  tirconf::tools::register_print(app, exit_code);
  tirconf::tools::register_gen(app, exit_code);
  tirconf::tools::register_diff(app, exit_code);
  tirconf::tools::register_prove(app, exit_code);
  tirconf::tools::register_simplify_check(app, exit_code);
  tirconf::tools::register_conform(app, exit_code);
  tirconf::tools::register_reduce(app, exit_code);
  tirconf::tools::register_validate(app, exit_code);
  tirconf::tools::register_fuzz(app, exit_code);
  tirconf::tools::register_report(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int code = app.exit(e); // prints help or the usage error
    return code == 0 ? tirconf::tools::kSuccess : tirconf::tools::kBadInput;
  }
  return exit_code;
}
