// RUN: not tile-reduce %s '--reduction-tree=traversal-mode=0 test=/bin/true' -o %t.none 2>&1 | FileCheck %s --check-prefix=UNINTERESTING

// Tests that tile-reduce says why it reduced nothing when the test finds the
// input itself uninteresting (/bin/true exits 0; mlir-reduce fails without a
// word). A reduction that succeeds is docs/development.md's, which
// test_docs.py runs.
// UNINTERESTING: tile-reduce: nothing reduced: unless an error is printed above, the test found the input itself not interesting
func.func @reduce_me(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %e = tile.exp %x : !tile.tile<16x16xf32, vec>
  %O = tile.store %e, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O : !tile.tensor<16x16xf32>
}
