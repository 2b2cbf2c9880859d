// RUN: tile-opt %s --tile-memory-pipeline="memory-planner=pypto" | FileCheck %s --check-prefixes=CHECK,PYPTO
// RUN: tile-opt %s --tile-memory-pipeline="memory-planner=dsa-rp" | FileCheck %s --check-prefixes=CHECK,DSA
// RUN: tile-opt %s --tile-memory-pipeline="memory-planner=ptoas" | FileCheck %s --check-prefixes=CHECK,PTOAS
// RUN: tile-opt %s --tile-memory-pipeline="memory-planner=pypto enable-buffer-ir=false" | FileCheck %s --check-prefix=TILEPATH
// RUN: tile-opt %s --pass-pipeline="builtin.module(tile-memory-pipeline{memory-planner=dsa-rp arch=a5})" | FileCheck %s --check-prefixes=CHECK,DSA
// RUN: mlir-opt %s --load-dialect-plugin=%tilemem_plugin --load-pass-plugin=%tilemem_plugin \
// RUN:   --pass-pipeline='builtin.module(tile-memory-pipeline{memory-planner=dsa-rp})' | FileCheck %s --check-prefixes=CHECK,DSA
// RUN: not tile-opt %s --tile-memory-pipeline="memory-planner=lru" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD

// The whole storage pipeline from programs without storage: InitMemRef,
// Buffer-IR selection, MaterializeSemanticAliases, VerifyTileStorage, then
// pypto: MemoryReuse + AllocateMemoryAddr; dsa-rp: AllocateMemoryAddr;
// ptoas: MemoryReuse{in-place-only} and CheckCapacity, no addresses
// (each planner ends with tile-verify-storage, with
// allocated=true when it places). The mlir-opt plugin registers it too.

// An unknown planner fails when the pipeline is parsed (an enum option;
// pass-options-invalid.mlir):
// BAD: for the --memory-planner option: Cannot find option named 'lru'!

// Tests a loop-carried accumulator: the add writes the carry's buffer in
// place under every planner. The exp reads the loaded tile for the last
// time and may write over it: pypto merges its buffer into the load's, and
// the buffer after the loop into the accumulator's, whose result that exp
// reads for the last time (two allocations, two ranges); dsa-rp keeps
// four identities, places the exp's on the load buffer's bytes and the one
// after the loop on the accumulator's (that exp reads it for the last
// time); ptoas merges the same in-place pairs as pypto (two allocations,
// without addresses), since ptoas's PlanMemory writes nothing in place.
// CHECK-LABEL: func.func @accumulate
// PYPTO-NEXT:    %[[ACC:.*]] = tile.alloc addr = 0 : !tile.buffer<vec, 256>
// PYPTO-NEXT:    %[[IN:.*]] = tile.alloc addr = 256 : !tile.buffer<vec, 256>
// DSA-NEXT:      %[[ACC:.*]] = tile.alloc addr = 0 : !tile.buffer<vec, 256>
// DSA-NEXT:      %[[IN:.*]] = tile.alloc addr = 256 : !tile.buffer<vec, 256>
// DSA-NEXT:      %[[E:.*]] = tile.alloc addr = 256 : !tile.buffer<vec, 256>
// DSA-NEXT:      %[[OUT:.*]] = tile.alloc addr = 0 : !tile.buffer<vec, 256>
// PTOAS-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// PTOAS-NEXT:    %[[IN:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.full 0.0{{.*}} into(%[[ACC]]
// CHECK:         scf.for
// CHECK:           tile.load {{.*}} into(%[[IN]]
// PYPTO:           tile.exp {{.*}} into(%[[IN]]
// DSA:             tile.exp {{.*}} into(%[[E]]
// PTOAS:           tile.exp {{.*}} into(%[[IN]]
// CHECK:           tile.add {{.*}} into(%[[ACC]]
// PYPTO:         tile.exp {{.*}} into(%[[ACC]]
// DSA:           tile.exp {{.*}} into(%[[OUT]]
// PTOAS:         tile.exp {{.*}} into(%[[ACC]]
// TILEPATH-LABEL: func.func @accumulate(
// TILEPATH-NOT:   tile.buffer_ir
// TILEPATH:       tile.alloc addr = 0
func.func @accumulate(%A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %row = arith.muli %i, %c8 : index
    %t = tile.load %A[%row, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %e = tile.exp %t : !tile.tile<8x8xf32, vec>
    %next = tile.add %acc, %e : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  %s = tile.exp %r : !tile.tile<8x8xf32, vec>
  return %s : !tile.tile<8x8xf32, vec>
}

// Tests an if/else: both arms write one buffer (the else producer writes
// the then arm's window, which nothing reads afterwards: a Buffer-IR branch
// destination without a copy); the final add reads the branch result for
// the last time and writes in place over it (pypto: merged into its
// buffer), or takes the bytes of %a, dead after the arms (dsa-rp: same
// address; ptoas: merged as pypto does, without an address).
// CHECK-LABEL: func.func @branch
// PYPTO-NEXT:    %[[A:.*]] = tile.alloc addr = 0 : !tile.buffer<vec, 256>
// PYPTO-NEXT:    %[[R:.*]] = tile.alloc addr = 256 : !tile.buffer<vec, 256>
// DSA-NEXT:      %[[A:.*]] = tile.alloc addr = 0 : !tile.buffer<vec, 256>
// DSA-NEXT:      %[[R:.*]] = tile.alloc addr = 256 : !tile.buffer<vec, 256>
// DSA-NEXT:      %[[S:.*]] = tile.alloc addr = 0 : !tile.buffer<vec, 256>
// PTOAS-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// PTOAS-NEXT:    %[[R:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK-NEXT:    %[[AV:.*]] = tile.exp %arg0 into(%[[A]]
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tile.mul %[[AV]], %[[AV]] into(%[[R]]
// CHECK:         } else {
// CHECK-NEXT:      tile.sub %[[AV]], %arg0 into(%[[R]]
// PYPTO:         tile.add {{.*}} into(%[[R]]
// DSA:           tile.add {{.*}} into(%[[S]]
// PTOAS:         tile.add {{.*}} into(%[[R]]
func.func @branch(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.mul %a, %a : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    %t = tile.sub %a, %x : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  }
  %s = tile.add %r, %x : !tile.tile<8x8xf32, vec>
  return %s : !tile.tile<8x8xf32, vec>
}
