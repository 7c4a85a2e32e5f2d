#include "oracle/eval/readings.h"

#include <initializer_list>

namespace tirconf::oracle {

namespace {

const char *value_name(BlockPredicate b) {
  switch (b) {
  case BlockPredicate::Unspecified:
    return "unspecified";
  case BlockPredicate::Skip:
    return "skip";
  case BlockPredicate::Run:
    return "run";
  }
  return "?";
}

const char *value_name(ThreadTags t) {
  return t == ThreadTags::Shared ? "shared" : "independent";
}

const char *value_name(AllocationLayout a) {
  return a == AllocationLayout::Flat ? "flat" : "unspecified";
}

// Sets `field` to the value of `values` named `value`; false if none is.
template <class E>
bool set_named(E &field, std::string_view value, std::initializer_list<E> values) {
  for (E e : values)
    if (value == value_name(e)) {
      field = e;
      return true;
    }
  return false;
}

// Named sets: what a well-known implementation does where the spec leaves the choice open.
struct ReadingSet {
  std::string_view name;
  std::vector<std::string_view> options;
};
const std::vector<ReadingSet> &reading_sets() {
  static const std::vector<ReadingSet> sets = {
      {"tvm", {"block-predicate=skip", "thread-tags=shared", "allocation-layout=flat"}},
      {"spec", {"block-predicate=run", "thread-tags=independent", "allocation-layout=unspecified"}},
      {"catalog",
       {"block-predicate=unspecified", "thread-tags=independent", "allocation-layout=unspecified"}},
  };
  return sets;
}

} // namespace

const std::vector<ReadingInfo> &reading_table() {
  static const std::vector<ReadingInfo> table = {
      {"block-predicate",
       {"unspecified", "skip", "run"},
       "unspec.block_predicate_false",
       "a block instance whose predicate (T.where) is false: unspecified (the spec and TVM "
       "disagree), skipped (TVM), or run (the spec's text)"},
      {"thread-tags",
       {"independent", "shared"},
       "sem.stmt.for.thread_binding",
       "a thread-binding For inside another bound to the same thread tag: iterates over its own "
       "range (the spec's text), or takes the outer loop's index (TVM: one hardware thread "
       "index)"},
      {"allocation-layout",
       {"unspecified", "flat"},
       "unspec.memory_layout",
       "a buffer viewing an allocation with another shape, strides or offset: unspecified (the "
       "spec fixes no layout), or the allocation is a row-major run of its elements (TVM)"},
  };
  return table;
}

std::string Readings::text() const {
  std::string out;
  if (block_predicate != BlockPredicate::Unspecified)
    out += std::string("block-predicate=") + value_name(block_predicate);
  if (thread_tags != ThreadTags::Independent)
    out += std::string(out.empty() ? "" : ",") + "thread-tags=" + value_name(thread_tags);
  if (allocation_layout != AllocationLayout::Unspecified)
    out +=
        std::string(out.empty() ? "" : ",") + "allocation-layout=" + value_name(allocation_layout);
  return out;
}

std::optional<std::string> apply_reading(Readings &r, std::string_view option) {
  for (const ReadingSet &s : reading_sets())
    if (s.name == option) {
      for (std::string_view o : s.options)
        if (auto err = apply_reading(r, o))
          return err;
      return std::nullopt;
    }
  size_t eq = option.find('=');
  if (eq == std::string_view::npos)
    return "unknown reading set '" + std::string(option) + "' (tvm, spec, catalog)";
  std::string_view name = option.substr(0, eq), value = option.substr(eq + 1);
  if (name == "block-predicate") {
    if (set_named(r.block_predicate, value,
                  {BlockPredicate::Unspecified, BlockPredicate::Skip, BlockPredicate::Run}))
      return std::nullopt;
    return "block-predicate is unspecified, skip or run, not '" + std::string(value) + "'";
  }
  if (name == "thread-tags") {
    if (set_named(r.thread_tags, value, {ThreadTags::Independent, ThreadTags::Shared}))
      return std::nullopt;
    return "thread-tags is independent or shared, not '" + std::string(value) + "'";
  }
  if (name == "allocation-layout") {
    if (set_named(r.allocation_layout, value,
                  {AllocationLayout::Unspecified, AllocationLayout::Flat}))
      return std::nullopt;
    return "allocation-layout is unspecified or flat, not '" + std::string(value) + "'";
  }
  return "unknown reading '" + std::string(name) +
         "' (block-predicate, thread-tags, allocation-layout)";
}

} // namespace tirconf::oracle
