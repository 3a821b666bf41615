#include "spec/coverage.hpp"

#include <map>
#include <set>
#include <utility>

namespace mlisa::spec {

uint64_t Coverage::hits(const Stmt* s) const {
  auto it = stmts_.find(s);
  return it == stmts_.end() ? 0 : it->second;
}

uint64_t Coverage::arm_hits(const Stmt* s, int arm) const {
  auto it = arms_.find(key(s, arm));
  return it == arms_.end() ? 0 : it->second;
}

void Coverage::merge(const Coverage& other) {
  for (const auto& [s, n] : other.stmts_) stmts_[s] += n;
  for (const auto& [k, n] : other.arms_) arms_[k] += n;
}

namespace {

// The number of arms a branching statement records.
int arm_count(const Stmt& s) {
  if (s.kind == StmtKind::If) return static_cast<int>(s.conds.size()) + 1;  // else, written or not
  if (s.kind == StmtKind::Case) return static_cast<int>(s.blocks.size());
  if (s.kind == StmtKind::For) return 2;  // entered, skipped
  return 0;
}

void walk(const Block& b, const std::function<void(const Stmt&)>& fn);

void walk_stmt(const Stmt& s, const std::function<void(const Stmt&)>& fn) {
  fn(s);
  for (const Block& inner : s.blocks) walk(inner, fn);
  walk(s.body, fn);
}

void walk(const Block& b, const std::function<void(const Stmt&)>& fn) {
  for (const Stmt* s : b) walk_stmt(*s, fn);
}

// The pseudocode functions (with a body) an expression calls, getters and
// setters included.
void callees(const Expr* e, std::vector<const FunctionDecl*>& out) {
  if (!e) return;
  if (e->ref == RefKind::Function && e->callee && e->callee->has_body) out.push_back(e->callee);
  for (const Expr* a : e->args) callees(a, out);
  for (const SliceRange& r : e->slices) {
    callees(r.hi, out);
    callees(r.lo, out);
  }
}

// The functions a statement's own expressions call (not those of its inner blocks).
std::vector<const FunctionDecl*> callees(const Stmt& s) {
  std::vector<const FunctionDecl*> out;
  for (const Expr* e : {s.target, s.value, s.from, s.to}) callees(e, out);
  for (const Expr* e : s.inits) callees(e, out);
  for (const Expr* e : s.conds) callees(e, out);
  for (const auto& labels : s.labels)
    for (const Expr* e : labels) callees(e, out);
  return out;
}

}  // namespace

Coverage::Summary Coverage::summarize(const std::vector<const Block*>& blocks) const {
  Summary out;
  // A line counts as hit when any statement on it ran.
  std::map<std::pair<uint32_t, uint32_t>, std::pair<bool, Loc>> lines;
  // The blocks to count: those given, then the bodies of the functions that
  // statements which ran called (shared pseudocode), each once.
  std::vector<const Block*> todo;
  std::set<const Block*> seen;
  for (const Block* b : blocks)
    if (seen.insert(b).second) todo.push_back(b);
  for (size_t i = 0; i < todo.size(); ++i) {
    walk(*todo[i], [&](const Stmt& s) {
      if (hits(&s) > 0)
        for (const FunctionDecl* f : callees(s))
          if (seen.insert(&f->body).second) {
            out.functions.push_back(f);
            todo.push_back(&f->body);
          }
      auto& line = lines[{s.loc.file, s.loc.line}];
      line.second = s.loc;
      line.first = line.first || hits(&s) > 0;
      const int arms = arm_count(s);
      for (int arm = 0; arm < arms; ++arm) {
        ++out.branches;
        if (arm_hits(&s, arm) > 0) ++out.branches_hit;
        else out.missed_branches.emplace_back(s.loc, arm);
      }
    });
  }
  for (const auto& [where, state] : lines) {
    ++out.lines;
    if (state.first) ++out.lines_hit;
    else out.missed_lines.push_back(state.second);
  }
  return out;
}

}  // namespace mlisa::spec
