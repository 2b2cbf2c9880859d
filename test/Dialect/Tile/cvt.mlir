// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Tests that tile.cvt round-trips for every element type pair pto-isa's
// A2/A3 TCVT converts, the default rounding mode (rint) elided, every other
// one printed, with and without a destination.
// CHECK-LABEL: func.func @cvt_pairs
// CHECK-SAME: (%[[F:.*]]: !tile.tile<16x32xf32, vec>, %[[H:.*]]: !tile.tile<16x32xf16, vec>, %[[B:.*]]: !tile.tile<16x32xbf16, vec>, %[[I:.*]]: !tile.tile<16x32xi32, vec>, %[[S:.*]]: !tile.tile<16x32xi16, vec>, %[[C:.*]]: !tile.tile<16x32xi8, vec>)
// CHECK: tile.cvt %[[F]] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xf16, vec>
// CHECK: tile.cvt %[[F]] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xbf16, vec>
// CHECK: tile.cvt %[[F]] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi32, vec>
// CHECK: tile.cvt %[[F]] rmode round : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi32, vec>
// CHECK: tile.cvt %[[F]] rmode floor : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi16, vec>
// CHECK: tile.cvt %[[H]] rmode ceil : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xi32, vec>
// CHECK: tile.cvt %[[H]] rmode trunc : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xi16, vec>
// CHECK: tile.cvt %[[H]] : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xi8, vec>
// CHECK: tile.cvt %[[H]] : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xf32, vec>
// CHECK: tile.cvt %[[B]] : !tile.tile<16x32xbf16, vec> -> !tile.tile<16x32xf32, vec>
// CHECK: tile.cvt %[[B]] rmode floor : !tile.tile<16x32xbf16, vec> -> !tile.tile<16x32xi32, vec>
// CHECK: tile.cvt %[[I]] : !tile.tile<16x32xi32, vec> -> !tile.tile<16x32xf32, vec>
// CHECK: tile.cvt %[[I]] : !tile.tile<16x32xi32, vec> -> !tile.tile<16x32xi16, vec>
// CHECK: tile.cvt %[[S]] : !tile.tile<16x32xi16, vec> -> !tile.tile<16x32xf32, vec>
// CHECK: tile.cvt %[[S]] : !tile.tile<16x32xi16, vec> -> !tile.tile<16x32xf16, vec>
// CHECK: tile.cvt %[[C]] into(%{{.*}} : !tile.buffer<vec, 1024>) : !tile.tile<16x32xi8, vec> -> !tile.tile<16x32xf16, vec>
// GENERIC-LABEL: sym_name = "cvt_pairs"
// GENERIC: "tile.cvt"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>, rmode = 0 : i32}>
// GENERIC: "tile.cvt"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>, rmode = 0 : i32}>
// GENERIC: "tile.cvt"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>, rmode = 0 : i32}>
// GENERIC: "tile.cvt"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>, rmode = 1 : i32}>
// GENERIC: "tile.cvt"(%{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0>, rmode = 2 : i32}>
func.func @cvt_pairs(%f: !tile.tile<16x32xf32, vec>, %h: !tile.tile<16x32xf16, vec>,
                     %b: !tile.tile<16x32xbf16, vec>, %i: !tile.tile<16x32xi32, vec>,
                     %s: !tile.tile<16x32xi16, vec>, %c: !tile.tile<16x32xi8, vec>) {
  %buf = tile.alloc : !tile.buffer<vec, 1024>
  %0 = tile.cvt %f : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xf16, vec>
  %1 = tile.cvt %f rmode rint : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xbf16, vec>
  %2 = tile.cvt %f : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi32, vec>
  %3 = tile.cvt %f rmode round : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi32, vec>
  %4 = tile.cvt %f rmode floor : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi16, vec>
  %5 = tile.cvt %h rmode ceil : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xi32, vec>
  %6 = tile.cvt %h rmode trunc : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xi16, vec>
  %7 = tile.cvt %h : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xi8, vec>
  %8 = tile.cvt %h : !tile.tile<16x32xf16, vec> -> !tile.tile<16x32xf32, vec>
  %9 = tile.cvt %b : !tile.tile<16x32xbf16, vec> -> !tile.tile<16x32xf32, vec>
  %10 = tile.cvt %b rmode floor : !tile.tile<16x32xbf16, vec> -> !tile.tile<16x32xi32, vec>
  %11 = tile.cvt %i : !tile.tile<16x32xi32, vec> -> !tile.tile<16x32xf32, vec>
  %12 = tile.cvt %i : !tile.tile<16x32xi32, vec> -> !tile.tile<16x32xi16, vec>
  %13 = tile.cvt %s : !tile.tile<16x32xi16, vec> -> !tile.tile<16x32xf32, vec>
  %14 = tile.cvt %s : !tile.tile<16x32xi16, vec> -> !tile.tile<16x32xf16, vec>
  %15 = tile.cvt %c into(%buf : !tile.buffer<vec, 1024>) : !tile.tile<16x32xi8, vec> -> !tile.tile<16x32xf16, vec>
  return
}
