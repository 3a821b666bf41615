// Canonical and exact export, the refusals, and 10,000 random bundles
// exported exactly and reassembled byte for byte.
#include "asm/export.hpp"

#include "toy_isa.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <random>

namespace mlisa::as {
namespace {

using test::toy_bundle;
using test::toy_thumb;
using test::random_bundle;
using test::ToyLayout;

Word assemble1(const Isa& isa, const std::string& text) { return assemble_listing(isa, text).at(0); }

std::string canonical(const Isa& isa, const Word& w) { return export_listing(isa, {w}, ExportMode::Canonical); }
std::string exact(const Isa& isa, const Word& w) { return export_listing(isa, {w}, ExportMode::Exact); }

std::string refusal(const Word& w) {
  try {
    export_bundle(toy_bundle(), w, ExportMode::Exact);
  } catch (const InputError& e) {
    return e.message();
  }
  return "(no error)";
}

Word with(Word w, uint32_t start, uint32_t width, uint64_t v) {
  set_field(w, {start, width}, v);
  return w;
}

const uint32_t kS0 = ToyLayout::scalar_base(0);

TEST(Export, CanonicalWordNeedsNoConstraints) {
  const Word w = assemble1(toy_bundle(), "{ s0: sadd s1, s2, 7; v: vadd v1, v2, s3 }");
  EXPECT_EQ(exact(toy_bundle(), w), "{ s0: sadd s1, s2, 7; v: vadd v1, v2, s3 }\n");
  EXPECT_EQ(canonical(toy_bundle(), w), "{ s0: sadd s1, s2, 7; v: vadd v1, v2, s3 }\n");
}

TEST(Export, UnreadLane) {
  const Word w = assemble1(toy_bundle(), "{ s0: sadd s1, s2, 0 }");
  const Word u = with(w, 16, 16, 0x55);  // imm1 holds a value nobody reads
  EXPECT_EQ(canonical(toy_bundle(), u), canonical(toy_bundle(), w));
  EXPECT_EQ(exact(toy_bundle(), u), "{ s0: sadd s1, s2, 0 } .encoding imm1=0x55\n");
}

TEST(Export, SelectorChoice) {
  const Word w = assemble1(toy_bundle(), "{ s0: sadd s1, s2, 0 }");
  const Word lane = with(w, kS0 + 17, 3, 2);  // lo(imm0) with imm0 = 0
  EXPECT_EQ(canonical(toy_bundle(), lane), canonical(toy_bundle(), w));
  EXPECT_EQ(exact(toy_bundle(), lane), "{ s0: sadd s1, s2, 0 } .encoding s0.y=lo(imm0)\n");
  const Word lane1 = with(w, kS0 + 17, 3, 5);  // sext(imm1), imm1 = 0
  EXPECT_EQ(exact(toy_bundle(), lane1), "{ s0: sadd s1, s2, 0 } .encoding s0.y=sext(imm1)\n");
}

TEST(Export, UnselectedDestinationAndRegisterFields) {
  const Word w = assemble1(toy_bundle(), "{ v: vadd v1, v2, v3; s0: sadd s1, s2, 5 }");
  const Word d = with(with(w, 146, 4, 7), kS0 + 20, 4, 9);  // v.sd and s0.sy unselected
  EXPECT_EQ(canonical(toy_bundle(), d), canonical(toy_bundle(), w));
  EXPECT_EQ(exact(toy_bundle(), d), "{ s0: sadd s1, s2, 5; v: vadd v1, v2, v3 } .encoding s0.sy=0x9, v.sd=0x7\n");
}

TEST(Export, SameScalarThroughEitherReadField) {
  const Word w = assemble1(toy_bundle(), "{ v: vadd v1, v2, s3 }");
  const Word alt = with(with(w, 136, 3, 2), 68, 4, 3);  // s3 through vs1 instead of vs0
  EXPECT_EQ(canonical(toy_bundle(), alt), canonical(toy_bundle(), w));
  // vs0 still holds 3 too: two read paths name the same register.
  EXPECT_EQ(exact(toy_bundle(), alt), "{ v: vadd v1, v2, s3 } .encoding v.b=vs1, vs0=0x3\n");
}

TEST(Export, FormIsPinnedByOpcode) {
  const Word w = assemble1(toy_bundle(), "{ s0: sld s1, [s2, sm=1] } .encoding s0.opcode=5");
  EXPECT_EQ(canonical(toy_bundle(), w), "{ s0: sld s1, [s2, sm=1] }\n");
  EXPECT_EQ(exact(toy_bundle(), w), "{ s0: sld s1, [s2, sm=1] } .encoding s0.opcode=0x5\n");
  const Word t2 = assemble1(toy_thumb(), "adds.w r1, r2, r3");
  EXPECT_EQ(exact(toy_thumb(), t2), "adds r1, r2, r3 .encoding t.form=ADDS_T2\n");
  EXPECT_EQ(canonical(toy_thumb(), t2), "adds r1, r2, r3\n");
}

TEST(Export, Refusals) {
  const Word w = assemble1(toy_bundle(), "{ s0: sadd s1, s2, 0 }");
  EXPECT_EQ(refusal(with(w, kS0, 5, 31)), "slot s0 is occupied but its predicate is NEVER");
  EXPECT_EQ(refusal(with(w, kS0 + 5, 4, 12)), "slot s0: unsupported instruction form");
  EXPECT_EQ(refusal(with(w, kS0 + 17, 3, 7)), "s0.y: no named encoding for value 0x7");
  EXPECT_EQ(refusal(with(w, 155, 1, 1)), "named fields do not cover the original encoding");
  // Bit 135 belongs to the slot (VAdd's va) but not to the VStore form.
  const Word st = assemble1(toy_bundle(), "{ v: vst v1, [s2 + 4] }");
  EXPECT_EQ(refusal(with(st, 135, 1, 1)), "named fields do not cover the original encoding");
  // A bundle's number and word prefix the message in a listing.
  try {
    export_listing(toy_bundle(), {w, with(w, kS0 + 17, 3, 7)}, ExportMode::Exact);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.message(), "bundle 1 (" + with(w, kS0 + 17, 3, 7).to_hex() + "): s0.y: no named encoding for value 0x7");
  }
}

TEST(Export, TenThousandRandomBundlesReassembleByteForByte) {
  const Isa& isa = toy_bundle();
  std::mt19937_64 rng(20240601);
  std::vector<Word> words;
  for (int i = 0; i < 10000; ++i) words.push_back(random_bundle(isa, rng));
  const auto t0 = std::chrono::steady_clock::now();
  const std::string listing = export_listing(isa, words, ExportMode::Exact);  // throws unless byte-identical
  const auto t1 = std::chrono::steady_clock::now();
  const auto again = assemble_listing(isa, listing);
  ASSERT_EQ(again.size(), words.size());
  for (size_t i = 0; i < words.size(); ++i) ASSERT_EQ(again[i], words[i]) << i;
  size_t constrained = 0;
  for (size_t p = listing.find(".encoding"); p != std::string::npos; p = listing.find(".encoding", p + 1)) ++constrained;
  EXPECT_GT(constrained, 8000u);  // random hidden bits almost always need constraints
  // Canonical export of the same words reassembles (not necessarily to the same bytes).
  EXPECT_NO_THROW(export_listing(isa, words, ExportMode::Canonical));
  std::cout << "exact export of 10000 bundles: "
            << std::chrono::duration_cast<std::chrono::milliseconds>(t1 - t0).count() << " ms, " << constrained
            << " with constraints\n";
}

TEST(Export, RandomThumbWords) {
  const Isa& isa = toy_thumb();
  std::mt19937_64 rng(7);
  std::vector<Word> words;
  for (int i = 0; i < 2000; ++i) {
    const Form& f = isa.forms()[rng() % 2];
    Word w(f.width, 0);
    for (const FieldDef& fd : f.def.fields) set_field(w, fd.field, rng());
    f.fixed.apply(w);
    words.push_back(w);
  }
  const std::string listing = export_listing(isa, words, ExportMode::Exact);
  EXPECT_NE(listing.find(".encoding t.form=ADDS_T2"), std::string::npos);
}

}  // namespace
}  // namespace mlisa::as
