// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases | FileCheck %s
// RUN: tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// The value numbering (ValueNumbering.h) is sized once for the storage
// values of the input; the values a rewrite adds past 3/4 of its buckets make
// it grow and rehash the values it has numbered from their keys.

// Tests that the rewrite and its self-check are right across a growth: the 44
// storage values (32 arguments, four fulls, four carries, an add and four
// results) fill 44 of the 64 buckets, and the four moves of the rotation
// pass the 48 that 3/4 of them hold.
// CHECK-LABEL: func.func @rotate_past_the_reservation
// CHECK-DAG: tile.full 0.{{0*}}e+00 into(%[[A:[0-9]+]] :
// CHECK-DAG: tile.full 1.{{0*}}e+00 into(%[[B:[0-9]+]] :
// CHECK-DAG: tile.full 2.{{0*}}e+00 into(%[[C:[0-9]+]] :
// CHECK-DAG: tile.full 3.{{0*}}e+00 into(%[[D:[0-9]+]] :
// CHECK: scf.for {{.*}} iter_args(%[[CA:[^ ]*]] = %{{[^,]*}}, %[[CB:[^ ]*]] = %{{[^,]*}}, %[[CC:[^ ]*]] = %{{[^,]*}}, %[[CD:[^ ]*]] = %{{[^)]*}})
// CHECK-NEXT: %[[SUM:.*]] = tile.add %[[CA]], %[[CB]] into(
// CHECK-NEXT: %[[NA:.*]] = tile.move %[[CB]] into(%[[A]] :
// CHECK-NEXT: %[[NB:.*]] = tile.move %[[CC]] into(%[[B]] :
// CHECK-NEXT: %[[NC:.*]] = tile.move %[[CD]] into(%[[C]] :
// CHECK-NEXT: %[[ND:.*]] = tile.move %[[SUM]] into(%[[D]] :
// CHECK-NEXT: scf.yield %[[NA]], %[[NB]], %[[NC]], %[[ND]]
// STATS: (S) 0 scratch-tiles
// STATS: (S) 1 value-table-growths
// STATS: (S) 4 yield-copies
func.func @rotate_past_the_reservation(%n: index, %u0: !tile.tile<8x8xf32, vec>, %u1: !tile.tile<8x8xf32, vec>, %u2: !tile.tile<8x8xf32, vec>, %u3: !tile.tile<8x8xf32, vec>, %u4: !tile.tile<8x8xf32, vec>, %u5: !tile.tile<8x8xf32, vec>, %u6: !tile.tile<8x8xf32, vec>, %u7: !tile.tile<8x8xf32, vec>, %u8: !tile.tile<8x8xf32, vec>, %u9: !tile.tile<8x8xf32, vec>, %u10: !tile.tile<8x8xf32, vec>, %u11: !tile.tile<8x8xf32, vec>, %u12: !tile.tile<8x8xf32, vec>, %u13: !tile.tile<8x8xf32, vec>, %u14: !tile.tile<8x8xf32, vec>, %u15: !tile.tile<8x8xf32, vec>, %u16: !tile.tile<8x8xf32, vec>, %u17: !tile.tile<8x8xf32, vec>, %u18: !tile.tile<8x8xf32, vec>, %u19: !tile.tile<8x8xf32, vec>, %u20: !tile.tile<8x8xf32, vec>, %u21: !tile.tile<8x8xf32, vec>, %u22: !tile.tile<8x8xf32, vec>, %u23: !tile.tile<8x8xf32, vec>, %u24: !tile.tile<8x8xf32, vec>, %u25: !tile.tile<8x8xf32, vec>, %u26: !tile.tile<8x8xf32, vec>, %u27: !tile.tile<8x8xf32, vec>, %u28: !tile.tile<8x8xf32, vec>, %u29: !tile.tile<8x8xf32, vec>, %u30: !tile.tile<8x8xf32, vec>, %u31: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z0 = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %z1 = tile.full 1.0 : !tile.tile<8x8xf32, vec>
  %z2 = tile.full 2.0 : !tile.tile<8x8xf32, vec>
  %z3 = tile.full 3.0 : !tile.tile<8x8xf32, vec>
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z0, %b = %z1, %c = %z2, %d = %z3) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %s = tile.add %a, %b : !tile.tile<8x8xf32, vec>
    scf.yield %b, %c, %d, %s : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1, %r#2, %r#3 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}
