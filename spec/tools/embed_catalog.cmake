# Writes OUTPUT, a C++ file holding every spec/rules/*.yaml as a (name, text) pair.
file(GLOB files "${RULES_DIR}/*.yaml")
list(SORT files)
set(body "")
foreach(f ${files})
  get_filename_component(name "${f}" NAME)
  file(READ "${f}" text)
  string(APPEND body "      {\"${name}\", R\"tirconf_yaml(${text})tirconf_yaml\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from spec/rules/*.yaml; do not edit.
#include <string>
#include <utility>
#include <vector>
namespace tirconf::spec {
const std::vector<std::pair<std::string, std::string>>& embedded_catalog_files() {
  static const std::vector<std::pair<std::string, std::string>> files = {
${body}  };
  return files;
}
}  // namespace tirconf::spec
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
