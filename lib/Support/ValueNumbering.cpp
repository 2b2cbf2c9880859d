//===- ValueNumbering.cpp - dense numbers for a function's values ---------===//

#include "tilemem/Support/ValueNumbering.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tile;

void ValueNumbering::reserve(size_t entries) {
  // DenseMap's sizing: the fewest power-of-two buckets above 4/3 the
  // entries, at least 64.
  size_t wanted =
      std::max<size_t>(64, llvm::NextPowerOf2(uint64_t(entries) * 4 / 3 + 1));
  if (buckets && wanted <= size_t(mask) + 1)
    return;
  if (buckets)
    ++numGrowths;
  buckets.reset();
  buckets = std::make_unique<unsigned[]>(wanted);
  std::fill_n(buckets.get(), wanted, kNone);
  mask = unsigned(wanted - 1);
  for (unsigned n = 0; n < count; ++n)
    bucketOf(keys.get(n)) = n;
}
