#include "tools/commands.h"
namespace tirconf::tools {
void register_simplify_check(CLI::App& app, int& exit_code) {}
}
