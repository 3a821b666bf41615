// The one template matcher (asm/template.hpp): a template's items as the
// manual writes them, and every way a walk lines a text up with them. The
// expected items and matches are worked out by hand from the syntax.
#include "asm/template.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

namespace mlisa::as {
namespace {

using K = TemplateItem::Kind;

// The items as a string: literals quoted, operands <name>, optional parts in
// braces (`{<Rd>,}` marked `same`), lists as [name suffix].
std::string show(const std::vector<TemplateItem>& items) {
  std::string out;
  for (const TemplateItem& it : items) {
    switch (it.kind) {
      case K::Lit: out += fmt::format("'{}'", it.text); break;
      case K::Operand: out += fmt::format("<{}>", it.text); break;
      case K::Same: out += fmt::format("={}", it.text); break;
      case K::List: out += fmt::format("[{} {}]", it.text, it.items.front().text); break;
      case K::Optional: out += fmt::format("{{{}{}}}", it.same_as_next ? "same " : "", show(it.items)); break;
    }
  }
  return out;
}

TEST(Template, ParsesTheManualsSyntax) {
  EXPECT_EQ(show(parse_template("ADD{<c>}{<q>} {<Rd>,} <Rn>, #<imm3>")),
            "'add'{<c>}{<q>}' '{same <Rd>','=Rd}<Rn>',#'<imm3>");
  // A brace that begins with a space and holds a dash is a register list.
  EXPECT_EQ(show(parse_template("LD1W { <Zt1>.S-<Zt4>.S }, <PNg>/Z, [<Xn>]")),
            "'ld1w '[Zt1 .s]','<PNg>'/z,['<Xn>']'");
  // One that begins and ends with a space but holds no dash is text: the braces
  // are literals, their inner spaces gone.
  EXPECT_EQ(show(parse_template("ST1W { <tile>.S[<Ws>, <offs>] }, <Pg>, [<Xn>]")),
            "'st1w ''{'<tile>'.s['<Ws>','<offs>']''}'','<Pg>',['<Xn>']'");
  // White space as the text is normalised: one space, none next to , [ ] #
  // nor just inside braces.
  EXPECT_EQ(normalise_text("  VLDRB.U8\tQ0 , [ R1 ,  #4 ]  "), "vldrb.u8 q0,[r1,#4]");
  EXPECT_EQ(normalise_text("st1w { za0h.s[w12, 0] }, p0"), "st1w {za0h.s[w12,0]},p0");
  EXPECT_EQ(normalise_text("push { r0, r1 }"), "push {r0,r1}");
  std::vector<size_t> origin;
  EXPECT_EQ(normalise_text("a\t\tB", true, &origin), "a B");
  EXPECT_EQ(origin, (std::vector<size_t>{0, 1, 3}));
}

// Every whole match of `syntax` on `text`, each as the operands' texts in
// order, an omitted `{<Rd>,}` shown as `Rd=` the text it copies. Operands read
// one word of letters and digits (every length of it when `every_length`).
std::vector<std::string> matches(const char* syntax, const char* text, bool every_length = false,
                                 bool optional_may_be_absent = true) {
  const std::vector<TemplateItem> items = parse_template(syntax);
  const std::string t = normalise_text(text);
  struct State {
    std::string read;
  };
  std::vector<std::string> out;
  auto operand = [&](const TemplateItem& item, size_t pos, const State& st, auto& next) {
    size_t n = 0;
    while (pos + n < t.size() && std::isalnum(static_cast<unsigned char>(t[pos + n]))) ++n;
    for (size_t len = every_length ? 1 : n; len <= n && len > 0; ++len) {
      State s2 = st;
      s2.read += fmt::format("{}{}={} ", item.kind == K::Same ? "same " : "", item.text, t.substr(pos, len));
      next(pos + len, s2);
    }
  };
  auto end = [&](size_t pos, const State& st) {
    if (pos == t.size()) out.push_back(st.read);
  };
  WalkHooks hooks{[] { return false; }, operand, end, [](const TemplateItem&, size_t) {},
                  [&](const TemplateItem&) { return optional_may_be_absent; }, [](State& st) { st.read += "omitted "; }};
  walk_template(items, t, State{}, hooks);
  return out;
}

TEST(Template, WalksOptionalPartsPresentBeforeAbsent) {
  EXPECT_EQ(matches("SUB{S} <Rd>, <Rn>", "subs r1, r2"), (std::vector<std::string>{"Rd=r1 Rn=r2 "}));
  EXPECT_EQ(matches("SUB{S} <Rd>, <Rn>", "sub r1, r2"), (std::vector<std::string>{"Rd=r1 Rn=r2 "}));
  EXPECT_TRUE(matches("SUB{S} <Rd>, <Rn>", "sub r1").empty());
  // An optional part that may not be absent (T32's {<c>} inside an IT block).
  EXPECT_TRUE(matches("SUB{S} <Rd>, <Rn>", "sub r1, r2", false, false).empty());
}

TEST(Template, AnOmittedFirstRegisterReadsTheNextOperandsText) {
  // Given: Rd then Rn. Omitted: Rd reads Rn's text without taking it.
  EXPECT_EQ(matches("SUB {<Rd>,} <Rn>, <Rm>", "sub r3, r4, r10"), (std::vector<std::string>{"Rd=r3 Rn=r4 Rm=r10 "}));
  EXPECT_EQ(matches("SUB {<Rd>,} <Rn>, <Rm>", "sub r3, r10"), (std::vector<std::string>{"omitted same Rd=r3 Rn=r3 Rm=r10 "}));
}

TEST(Template, AnOperandMayEndAtEachPlaceItsTextAllows) {
  // Two operands with nothing between them: every split of `ab1`.
  EXPECT_EQ(matches("X <a><b>", "x ab1", true), (std::vector<std::string>{"a=a b=b1 ", "a=ab b=1 "}));
  // A literal ending in a space also takes the text's '#', which normalised text
  // writes without the space (`b #-4` reads as `b#-4`).
  EXPECT_EQ(matches("B <label>", "b #4").size(), 0u);  // the operand reads letters and digits, not '#'
  EXPECT_EQ(matches("B #<n>", "b #4"), (std::vector<std::string>{"n=4 "}));
}

TEST(Template, StopsWhenTheEngineHasItsMatch) {
  // `x ab1` lines up with `X <a><b>` two ways (above); an engine that takes
  // the first match sees one.
  const std::vector<TemplateItem> items = parse_template("X <a><b>");
  const std::string t = normalise_text("x ab1");
  std::vector<size_t> ends;
  auto operand = [&](const TemplateItem&, size_t pos, const int& st, auto& next) {
    for (size_t len = 1; pos + len <= t.size(); ++len) next(pos + len, st);
  };
  auto end = [&](size_t pos, const int&) {
    if (pos == t.size()) ends.push_back(pos);
  };
  WalkHooks hooks{[&] { return !ends.empty(); }, operand, end, [](const TemplateItem&, size_t) {},
                  [](const TemplateItem&) { return true; }, [](int&) {}};
  walk_template(items, t, 0, hooks);
  EXPECT_EQ(ends.size(), 1u);
}

}  // namespace
}  // namespace mlisa::as
