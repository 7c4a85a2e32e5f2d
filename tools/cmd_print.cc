// tirconf print FILE: reads a program and prints it back in the TVMScript dialect TVM prints.
#include <fstream>
#include <iostream>
#include <sstream>

#include "ir/tvmscript/printer.h"
#include "ir/tvmscript/reader.h"
#include "tools/commands.h"

namespace tirconf::tools {

void register_print(CLI::App &app, int &exit_code) {
  struct Options {
    std::string path;
    bool python_imports = false;
  };
  auto opts = std::make_shared<Options>();
  auto *cmd = app.add_subcommand("print", "Read a TVMScript file and print it in canonical form");
  cmd->add_option("file", opts->path, "TVMScript file")->required();
  cmd->add_flag("--imports", opts->python_imports, "print real import lines instead of comments");
  cmd->callback([opts, &exit_code] {
    std::ifstream in(opts->path, std::ios::binary);
    if (!in) {
      std::cerr << opts->path << ": error: cannot read file\n";
      exit_code = kBadInput;
      return;
    }
    std::stringstream buf;
    buf << in.rdbuf();
    auto r = ir::read_tvmscript(buf.str(), opts->path);
    if (!r.ok()) {
      for (const auto &d : r.diagnostics)
        std::cerr << format(d) << "\n";
      exit_code = kBadInput;
      return;
    }
    ir::PrintOptions po;
    po.docstring = r.docstring;
    po.import_comments = !opts->python_imports;
    std::cout << ir::print_tvmscript(r.module, po);
    exit_code = kSuccess;
  });
}

} // namespace tirconf::tools
