# Writes OUTPUT, a C++ file holding every generators/profiles/*.yaml as a (name, text) pair, so
# that `tirconf gen --profile NAME` works from any directory.
file(GLOB files "${PROFILES_DIR}/*.yaml")
list(SORT files)
set(body "")
foreach(f ${files})
  get_filename_component(name "${f}" NAME_WE)
  file(READ "${f}" text)
  string(APPEND body "      {\"${name}\", R\"tirconf_yaml(${text})tirconf_yaml\"},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated from generators/profiles/*.yaml; do not edit.
#include <string>
#include <utility>
#include <vector>
namespace tirconf::gen {
const std::vector<std::pair<std::string, std::string>>& embedded_profile_files() {
  static const std::vector<std::pair<std::string, std::string>> files = {
${body}  };
  return files;
}
}  // namespace tirconf::gen
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
