#include "oracle/readings.h"

#include <type_traits>
#include <utility>

namespace tirconf::oracle {

namespace {

// One reading with where it lives in Readings: value k of info.values is the enum's k-th
// enumerator (the catalog's first).
struct ReadingField {
  ReadingInfo info;
  int (*get)(const Readings &);
  void (*set)(Readings &, int);
};

template <auto Member> ReadingField field(ReadingInfo info) {
  using E = std::remove_reference_t<decltype(std::declval<Readings &>().*Member)>;
  return {std::move(info), [](const Readings &r) { return static_cast<int>(r.*Member); },
          [](Readings &r, int k) { r.*Member = static_cast<E>(k); }};
}

const std::vector<ReadingField> &fields() {
  static const std::vector<ReadingField> table = {
      field<&Readings::block_predicate>(
          {"block-predicate",
           {"unspecified", "skip", "run"},
           "unspec.block_predicate_false",
           "a block instance whose predicate (T.where) is false: unspecified (the spec and TVM "
           "disagree), skipped (TVM), or run (the spec's text)"}),
      field<&Readings::thread_tags>(
          {"thread-tags",
           {"independent", "shared"},
           "sem.stmt.for.thread_binding",
           "a thread-binding For inside another bound to the same thread tag: iterates over its "
           "own range (the spec's text), or takes the outer loop's index (TVM: one hardware "
           "thread index)"}),
      field<&Readings::allocation_layout>(
          {"allocation-layout",
           {"unspecified", "flat"},
           "unspec.memory_layout",
           "a buffer viewing an allocation with another shape, strides or offset: unspecified "
           "(the spec fixes no layout), or the allocation is a row-major run of its elements "
           "(TVM)"}),
      field<&Readings::shuffle_indices>(
          {"shuffle-indices",
           {"exact", "any"},
           "type.expr.shuffle.index_count",
           "how many indices a Shuffle takes: one per input lane (the typing rule), or any "
           "number, one result lane each (the evaluation rule and TVM)"}),
      field<&Readings::thread_reduction>(
          {"thread-reduction",
           {"conflict", "allreduce"},
           "unspec.conflict.thread",
           "a thread-binding loop whose variable binds a reduction iter var of a block under it: "
           "its threads' updates conflict (the spec's parallel loops), or they are one "
           "cross-thread reduction, combined in increasing thread order (TVM's allreduce)"}),
      field<&Readings::block_instances>(
          {"block-instances",
           {"sequential", "independent"},
           "unspec.block_instance_dependence",
           "instances of one block: run in loop order like any statement (the spec's text), or "
           "independent wherever their spatial iter vars differ, a dependence between two being "
           "unspecified (TVM's TensorIR, whose schedules reorder and parallelize them)"}),
  };
  return table;
}

// Named sets: what a well-known implementation does where the spec leaves the choice open.
// Readings a set does not name keep the catalog's value.
struct ReadingSet {
  std::string_view name;
  std::vector<std::string_view> options;
};
const std::vector<ReadingSet> &reading_sets() {
  static const std::vector<ReadingSet> sets = {
      {"tvm",
       {"block-predicate=skip", "thread-tags=shared", "allocation-layout=flat",
        "shuffle-indices=any", "thread-reduction=allreduce", "block-instances=independent"}},
      {"spec", {"block-predicate=run"}},
      {"catalog", {}},
  };
  return sets;
}

std::string joined(const std::vector<std::string_view> &names, std::string_view last_sep) {
  std::string out;
  for (size_t k = 0; k < names.size(); ++k)
    out += std::string(k == 0                  ? ""
                       : k + 1 == names.size() ? last_sep
                                               : ", ") +
           std::string(names[k]);
  return out;
}

} // namespace

const std::vector<ReadingInfo> &reading_table() {
  static const std::vector<ReadingInfo> table = [] {
    std::vector<ReadingInfo> t;
    for (const ReadingField &f : fields())
      t.push_back(f.info);
    return t;
  }();
  return table;
}

std::string Readings::text() const {
  std::string out;
  for (const ReadingField &f : fields())
    if (int k = f.get(*this); k != 0)
      out += (out.empty() ? "" : ",") + std::string(f.info.name) + "=" +
             std::string(f.info.values[static_cast<size_t>(k)]);
  return out;
}

std::optional<std::string> apply_reading(Readings &r, std::string_view option) {
  for (const ReadingSet &s : reading_sets())
    if (s.name == option) {
      Readings set;
      for (std::string_view o : s.options)
        if (auto err = apply_reading(set, o))
          return err;
      r = set;
      return std::nullopt;
    }
  size_t eq = option.find('=');
  if (eq == std::string_view::npos)
    return "unknown reading set '" + std::string(option) + "' (tvm, spec, catalog)";
  std::string_view name = option.substr(0, eq), value = option.substr(eq + 1);
  std::vector<std::string_view> names;
  for (const ReadingField &f : fields()) {
    names.push_back(f.info.name);
    if (f.info.name != name)
      continue;
    for (size_t k = 0; k < f.info.values.size(); ++k)
      if (f.info.values[k] == value) {
        f.set(r, static_cast<int>(k));
        return std::nullopt;
      }
    return std::string(name) + " is " + joined(f.info.values, " or ") + ", not '" +
           std::string(value) + "'";
  }
  return "unknown reading '" + std::string(name) + "' (" + joined(names, ", ") + ")";
}

} // namespace tirconf::oracle
