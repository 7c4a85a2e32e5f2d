// Readings: where the spec is silent or contradicts itself, the catalog takes one reading (the
// default) and names the others, which a run can ask for. Each reading is an option of one rule
// (spec/rules/*.yaml says which under `alternative:`); a run under a non-default reading records
// it in its outcome, so no result is ever mistaken for the catalog's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tirconf::oracle {

// What a BlockRealize whose predicate is false does (unspec.block_predicate_false).
enum class BlockPredicate : unsigned char {
  Unspecified, // the catalog: the spec says the predicate does not matter, TVM skips: ambiguous
  Skip,        // TVM: the block instance does not run
  Run,         // the spec's text: the predicate has no effect, the block runs
};

// What a thread-binding For nested in another For bound to the same thread tag iterates over
// (sem.stmt.for.thread_binding).
enum class ThreadTags : unsigned char {
  Independent, // the catalog and the spec's text: every For iterates over its own range
  Shared,      // TVM: loops bound to one thread tag are one hardware index; the inner one takes
               // the outer one's value (their ranges must be equal, else unspec.thread_tag_range)
};

// How a Buffer whose shape, strides or offset differ from its allocation's addresses it
// (unspec.memory_layout).
enum class AllocationLayout : unsigned char {
  Unspecified, // the catalog: only a view with the allocation's own dtype and shape has a meaning
  Flat,        // TVM: an allocation is a row-major run of its elements, addressed as a DLTensor
               // is; views of another element type (reinterpreted bytes) stay unspecified
};

// How many indices a Shuffle takes (type.expr.shuffle.index_count).
enum class ShuffleIndices : unsigned char {
  Exact, // the catalog and the typing rule: one per input lane
  Any,   // TVM and the evaluation rule: any number, one result lane per index
};

// What the threads of a thread-binding For do when a reduction block under it binds a reduction
// iter var to the loop's variable (unspec.conflict.thread).
enum class ThreadReduction : unsigned char {
  Conflict,  // the catalog: concurrent updates of one element, unspecified
  AllReduce, // TVM: one cross-thread reduction; the oracle combines in increasing thread order
};

// Whether the instances of one block may depend on one another (sem.stmt.blockrealize).
enum class BlockInstances : unsigned char {
  Sequential,  // the catalog and the spec's text: instances run in loop order, like any statement
  Independent, // TVM's TensorIR: instances that differ in a spatial iter var's value are
               // independent (schedules reorder and parallelize them); one reading or writing
               // what another writes is unspecified (unspec.block_instance_dependence)
};

struct Readings {
  BlockPredicate block_predicate = BlockPredicate::Unspecified;
  ThreadTags thread_tags = ThreadTags::Independent;
  AllocationLayout allocation_layout = AllocationLayout::Unspecified;
  ShuffleIndices shuffle_indices = ShuffleIndices::Exact;
  ThreadReduction thread_reduction = ThreadReduction::Conflict;
  BlockInstances block_instances = BlockInstances::Sequential;

  // "block-predicate=skip,...": the readings that differ from the catalog's; empty if none.
  std::string text() const;
  bool is_default() const { return text().empty(); }
};

// One named reading: its option name, its values (the first is the catalog's) and the rule.
struct ReadingInfo {
  std::string_view name;
  std::vector<std::string_view> values;
  std::string_view rule;
  std::string_view what;
};
const std::vector<ReadingInfo> &reading_table();

// Applies "name=value" (or a set's name: "tvm", "spec") to r; an error message if it is unknown.
std::optional<std::string> apply_reading(Readings &r, std::string_view option);

} // namespace tirconf::oracle
