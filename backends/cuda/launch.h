// How a PrimFunc runs as one CUDA kernel: which of its thread-bound loops become hardware
// indices, and the launch configuration they give.
//
// [sem.stmt.for.thread_binding] and [sem.stmt.attr.thread_extent] make thread-bound loops
// parallel loops whose iterations may interleave in any way, so running them one after another
// in one thread is one correct execution, and mapping them onto CUDA threads is another. The
// mapping is only sound where every thread runs the code around the loops without effects of
// its own. So the loops that become threadIdx / blockIdx are the function's *launch nest*: the
// chain of thread-bound loops (For thread_binding, or an AttrStmt thread_extent) at the top of
// its body, reached through statements that every thread may run alike (DeclBuffer, Allocate,
// an AttrStmt of another key, a LetStmt whose value reads no memory, a block with no iter vars
// such as TVM's root block), each tag at most once and
// with a constant extent. Every other thread-bound loop, and vthread, runs serially in its
// thread. A function with no launch nest runs in one thread (<<<1, 1>>>).
//
// Each launched loop covers its range with a stride loop over its index (`for (i = threadIdx.x;
// i < extent; i += blockDim.x)`), so it runs every iteration whatever the launch dimension;
// the dimension of a tag is the largest extent of its loops, capped at what a launch allows.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/module.h"

namespace tirconf::backends::cuda {

// threadIdx.x .. blockIdx.z: index 0..2 threads, 3..5 blocks.
int launch_axis(const std::string &thread_tag); // -1 for any other tag (vthread, ...)
const char *axis_index(int axis);               // "threadIdx.x"
const char *axis_dim(int axis);                 // "blockDim.x"
inline bool is_thread_axis(int axis) {
  return axis >= 0 && axis < 3;
}

struct LaunchPlan {
  std::array<int64_t, 3> block = {1, 1, 1}; // blockDim
  std::array<int64_t, 3> grid = {1, 1, 1};  // gridDim
  // The launched loops (ForNode or AttrStmtNode), each with its axis.
  std::unordered_map<const void *, int> launched;
  bool any() const { return !launched.empty(); }
};

LaunchPlan plan_launch(const ir::PrimFuncNode &f); // of its body
LaunchPlan plan_launch(const ir::Stmt &body);

// An entry whose body is a sequence of kernels with code between them (TVM's host code between
// kernel launches) runs as several launches in order, each a body of its own: one statement of
// the sequence that has a launch nest, or consecutive statements between such (run as one
// thread), each inside the wrappers around it that every thread may run alike (constant
// allocations, which each launch finds as the same __device__ array; LetStmts reading no memory,
// which each launch computes alike; DeclBuffer, other AttrStmts, TVM's root block); an
// AssertStmt around the rest is its check followed by the rest. Launches on one stream run in
// order, each after the last has finished, as SeqStmt runs its statements ([sem.stmt.seqstmt]);
// the host checks the status word after each and stops at a failure or a tir.ret (lowered only
// outside launched loops). One body, the function's own, when there is nothing to split.
std::vector<ir::Stmt> plan_entry(const ir::PrimFuncNode &f);

// The largest launch dimension per axis kind: threads per block along x / y / z, and blocks.
inline constexpr std::array<int64_t, 3> kMaxBlock = {1024, 1024, 64};
inline constexpr std::array<int64_t, 3> kMaxGrid = {2147483647, 65535, 65535};
inline constexpr int64_t kMaxThreadsPerBlock = 1024;

} // namespace tirconf::backends::cuda
