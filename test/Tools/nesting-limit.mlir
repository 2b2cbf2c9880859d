// RUN: %python %S/../python/repros/correctness/gen-deep-nest.py for 3000 > %t.for3000.mlir
// RUN: tile-opt %t.for3000.mlir --tile-init-memref -o /dev/null
// RUN: %python %S/../python/repros/correctness/gen-deep-nest.py for 4094 > %t.for4094.mlir
// RUN: tile-opt %t.for4094.mlir --tile-init-memref | FileCheck %s --check-prefix=AT
// RUN: not tile-translate --tile-to-pto %t.for4094.mlir 2>&1 | FileCheck %s --check-prefix=AT-PTO
// RUN: %python %S/../python/repros/correctness/gen-deep-nest.py for 4095 > %t.for4095.mlir
// RUN: not tile-opt %t.for4095.mlir 2>&1 | FileCheck %s --check-prefix=OVER
// RUN: %python %S/../python/repros/correctness/gen-deep-nest.py for 100000 > %t.for100000.mlir
// RUN: not tile-opt %t.for100000.mlir --tile-memory-pipeline 2>&1 | FileCheck %s --check-prefix=FOR
// RUN: not tile-translate --tile-to-pto %t.for100000.mlir 2>&1 | FileCheck %s --check-prefix=FOR
// RUN: %python %S/../python/repros/correctness/gen-deep-nest.py if 100000 > %t.if100000.mlir
// RUN: not tile-opt %t.if100000.mlir 2>&1 | FileCheck %s --check-prefix=IF
// RUN: %python %S/../python/repros/correctness/gen-deep-nest.py upstream 100000 > %t.up100000.mlir
// RUN: not tile-opt %t.up100000.mlir 2>&1 | FileCheck %s --check-prefix=UP
// RUN: cat %t.for100000.mlir | not tile-opt 2>&1 | FileCheck %s --check-prefix=STDIN

// Tests that tile-opt and tile-translate never overflow their stack on deep
// nests (gen-deep-nest.py; at depth 3000 both used to die with SIGSEGV in the
// MLIR parser). Both run on a large-stack thread, and text nested deeper than
// 4096 brackets is rejected before it is parsed, at the first bracket past
// the limit (tilemem/Support/Limits.h). A `for` nest of depth D has D + 2
// nested brackets: 4094 is the deepest accepted.

// At the limit the nest parses (it needs more than the 8 MiB main stack),
// runs a pass and prints:
// AT-COUNT-4094: = scf.for
// AT: tile.add
// AT-PTO: error: 'func.func' op cannot be emitted to PTO: argument #0 is a tile

// OVER: for4095.mlir:4100:88: error: nesting depth 4097 exceeds the limit 4096
// FOR: for100000.mlir:4100:88: error: nesting depth 100002 exceeds the limit 4096
// IF: if100000.mlir:4100:34: error: nesting depth 100002 exceeds the limit 4096
// UP: up100000.mlir:4100:56: error: nesting depth 100001 exceeds the limit 4096
// STDIN: <stdin>:4100:88: error: nesting depth 100002 exceeds the limit 4096
