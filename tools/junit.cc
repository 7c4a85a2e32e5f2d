#include "tools/junit.h"

#include <cstdio>
#include <fstream>

namespace tirconf::tools {

namespace {
std::string xml_escape(const std::string &s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      if (c < 0x20 && c != '\n' && c != '\t')
        out += "?"; // not allowed in XML 1.0
      else
        out += static_cast<char>(c);
    }
  }
  return out;
}
} // namespace

void JUnitReport::add(std::string file, std::string name, Result r, std::string message) {
  cases_.push_back({std::move(file), std::move(name), r, std::move(message)});
}

bool JUnitReport::write(const std::string &path) const {
  size_t failures = 0, skipped = 0, errors = 0;
  for (const auto &c : cases_) {
    failures += c.result == Result::Failure;
    skipped += c.result == Result::Skipped;
    errors += c.result == Result::Error;
  }
  std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp);
    if (!out)
      return false;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuite name=\"tirconf\" tests=\"" << cases_.size() << "\" failures=\"" << failures
        << "\" errors=\"" << errors << "\" skipped=\"" << skipped << "\">\n";
    for (const auto &c : cases_) {
      out << "  <testcase classname=\"" << xml_escape(c.file) << "\" name=\"" << xml_escape(c.name)
          << "\"";
      if (c.result == Result::Pass) {
        out << "/>\n";
        continue;
      }
      out << ">\n";
      if (c.result == Result::Failure)
        out << "    <failure message=\"" << xml_escape(c.message) << "\"/>\n";
      else if (c.result == Result::Error)
        out << "    <error message=\"" << xml_escape(c.message) << "\"/>\n";
      else
        out << "    <skipped message=\"" << xml_escape(c.message) << "\"/>\n";
      out << "  </testcase>\n";
    }
    out << "</testsuite>\n";
    if (!out.flush())
      return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

} // namespace tirconf::tools
