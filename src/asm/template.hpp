// Syntax templates and the one matcher of their text (docs/assembler.md,
// "Templates"): the manual's way of writing an instruction's syntax
// (`ADD{<c>}{<q>} {<Rd>,} <Rn>, #<const>`), matched against a line of
// assembly in every engine. A single-word target's encodings
// (asm/word_isa.hpp) and a bundle signature's operands
// (asm/signature.hpp) are templates; what their operands read from the text
// is the operand kinds' (asm/operands.hpp), what the matcher does with a
// whole match is the engine's.
//
// Text and literals are normalised alike (normalise_text): lower case, one
// space for a run of white space, none next to `,` `[` `]` `#` nor just
// inside `{` `}`. A spaced brace `{ ... }` is a register list when it holds
// a dash, else braces the text writes (`{ <tile>.S[<Ws>, <offs>] }`).
#pragma once

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

// Lower case (unless keep_case: then the same string with its case, so
// positions agree), whitespace runs as one space, no space next to , [ ] #
// nor after { or before }.
// With `origin`, each character's index in s (a space: its run's first).
std::string normalise_text(std::string_view s, bool keep_case = false, std::vector<size_t>* origin = nullptr);

struct TemplateItem {
  // Lit: literal text. Operand: `<name>`. Optional: `{...}`, its items.
  // List: `{ <Zn1>.H-<Zn2>.H }` (text: the first register's name; items: the
  // element suffix, a Lit, or a Lit and a table Operand for `.<T>`). Same: the operand `text` read from the text of
  // the operand after it, without consuming it (an omitted `{<Rd>,}`).
  enum class Kind : uint8_t { Lit, Operand, Optional, List, Same } kind;
  std::string text;  // Lit: normalised literal text; Operand, List, Same: the name
  std::vector<TemplateItem> items;
  // An optional first register `{<Rd>,}` (items: the operand, ",", and a
  // Same of it): omitted, it is the register that follows, as the manual
  // reads `{<Rd>,} <Rn>, <Rm>`.
  bool same_as_next = false;
  // Operand, List, Same: the index of the operand of that name among the
  // engine's (an encoding's operands, a signature's kinds), or -1 for a
  // name the assembler owns (role).
  int operand = -1;
  // The names the assembler owns: the condition an enclosing conditional
  // block gives (BlockCond), a width qualifier (Width), the predicate an
  // enclosing predication block gives (BlockPred).
  enum class Role : uint8_t { None, BlockCond, Width, BlockPred } role = Role::None;
};

// The items of a syntax as the manual writes it.
std::vector<TemplateItem> parse_template(std::string_view syntax);

// What a walk asks of its engine (aggregate of callables, in this order):
//   done()                          true: stop (a match was taken)
//   operand(item, pos, state, next) an Operand, List or Same item at pos:
//                                   next(end, state') for each way it reads
//   end(pos, state)                 the items are all matched (pos may be
//                                   short of the text's end)
//   after_literal(item, pos)        a literal was tried at pos (for the
//                                   engine's account of a refusal)
//   may_leave_out(optional)         whether an optional part may be absent
//   omit(state)                     an optional `{<Rd>,}` is left out
template <class Done, class Operand, class End, class AfterLiteral, class MayLeaveOut, class Omit>
struct WalkHooks {
  Done done;
  Operand operand;
  End end;
  AfterLiteral after_literal;
  MayLeaveOut may_leave_out;
  Omit omit;
};

// Every way `items` take the normalised `text` from its start, depth first
// and in order: an optional part present before absent, omitted before
// given where it is `{<Rd>,}` and present fails.
template <class State, class Hooks>
class TemplateWalk {
 public:
  TemplateWalk(std::string_view text, Hooks& hooks) : text_(text), h_(hooks) {}

  void run(std::span<const TemplateItem> items, const State& start) {
    Seq nodes[32];
    std::vector<Seq> more;
    Seq* seq = nodes;
    if (items.size() > 32) more.resize(items.size()), seq = more.data();
    const Seq* head = nullptr;
    for (size_t i = items.size(); i-- > 0;) seq[i] = Seq{&items[i], head}, head = &seq[i];
    go(head, 0, start);
  }

 private:
  // The remaining items of a match: a list on the stack of the calls that extend it.
  struct Seq {
    const TemplateItem* item;
    const Seq* next;
  };

  void go(const Seq* rest, size_t pos, const State& st) {
    if (h_.done()) return;
    if (!rest) return h_.end(pos, st);
    const TemplateItem& it = *rest->item;
    const Seq* tail = rest->next;
    const std::string_view s = text_.substr(pos);
    switch (it.kind) {
      case TemplateItem::Kind::Lit:
        if (s.starts_with(it.text)) {
          go(tail, pos + it.text.size(), st);
        } else if (!it.text.empty() && it.text.back() == ' ') {
          // Normalised text has no space before '#': `b #-420` reads as `b#-420`.
          const size_t n = it.text.size() - 1;
          if (s.substr(0, n) == std::string_view(it.text).substr(0, n) && s.substr(n, 1) == "#") return go(tail, pos + n, st);
        } else if (const size_t n = without_hash(it.text, s); n != std::string_view::npos) {
          go(tail, pos + n, st);
        }
        return h_.after_literal(it, pos);
      case TemplateItem::Kind::Optional: {
        // Present: its items, then the rest.
        Seq nodes[16];
        std::vector<Seq> more;
        size_t n = 0;
        for (const TemplateItem& x : it.items)
          if (x.kind != TemplateItem::Kind::Same) ++n;
        Seq* buf = nodes;
        if (n > 16) more.resize(n), buf = more.data();
        const Seq* with = tail;
        size_t k = n;
        for (size_t i = it.items.size(); i-- > 0;)
          if (it.items[i].kind != TemplateItem::Kind::Same) buf[--k] = Seq{&it.items[i], with}, with = &buf[k];
        go(with, pos, st);
        if (it.same_as_next) {
          // Omitted: the operand reads the text of the next operand too
          // (whatever register text follows: an operand's or a literal SP's).
          const Seq without{&it.items.back(), tail};
          State st2 = st;
          h_.omit(st2);
          return go(&without, pos, st2);
        }
        if (h_.may_leave_out(it)) go(tail, pos, st);
        return;
      }
      case TemplateItem::Kind::Operand:
      case TemplateItem::Kind::List:
      case TemplateItem::Kind::Same: {
        const bool peek = it.kind == TemplateItem::Kind::Same;  // reads the text, leaves it for the next operand
        auto next = [&](size_t end, const State& s2) { go(tail, peek ? pos : end, s2); };
        return h_.operand(it, pos, st, next);
      }
    }
  }

  // The length of the text `s` starts with that is the literal `lit` with
  // its immediates written without '#' (`add x0, x1, 3`, `, lsl 12`), as
  // llvm-mc takes them; npos when it is not (or `lit` has no '#'). The space
  // a '#' took after a word stays in the text (`lsl 12`).
  static size_t without_hash(std::string_view lit, std::string_view s) {
    if (lit.find('#') == std::string_view::npos) return std::string_view::npos;
    size_t j = 0;
    for (size_t i = 0; i < lit.size(); ++i) {
      if (lit[i] == '#' && (j >= s.size() || s[j] != '#')) {
        if (j < s.size() && s[j] == ' ' && i > 0 && std::isalnum(static_cast<unsigned char>(lit[i - 1]))) ++j;
        continue;
      }
      if (j >= s.size() || s[j] != lit[i]) return std::string_view::npos;
      ++j;
    }
    return j;
  }

  std::string_view text_;
  Hooks& h_;
};

template <class State, class Hooks>
void walk_template(std::span<const TemplateItem> items, std::string_view text, const State& start, Hooks& hooks) {
  TemplateWalk<State, Hooks>(text, hooks).run(items, start);
}

}  // namespace mlisa::as
