# Writes OUTPUT, a C++ file holding every spec/rewrites/*.yaml as a (path, text) pair, so the
# simplifier and the prover use the catalog from any directory.
file(GLOB files "${RULES_DIR}/*.yaml")
list(SORT files)
set(body "")
foreach(f ${files})
  get_filename_component(name "${f}" NAME)
  file(READ "${f}" text)
  string(APPEND body "      {\"spec/rewrites/${name}\", R\"tirconf_yaml(${text})tirconf_yaml\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from spec/rewrites/*.yaml by oracle/arith/embed_rewrites.cmake; do not edit.
#include <string>
#include <utility>
#include <vector>
namespace tirconf::oracle::arith {
const std::vector<std::pair<std::string, std::string>>& embedded_rewrite_files() {
  static const std::vector<std::pair<std::string, std::string>> files = {
${body}  };
  return files;
}
}  // namespace tirconf::oracle::arith
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
