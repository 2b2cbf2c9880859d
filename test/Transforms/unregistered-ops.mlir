// RUN: tile-opt --allow-unregistered-dialect %s --tile-select-buffer-ir-functions=enable-buffer-ir | FileCheck %s --check-prefix=SELECT
// RUN: tile-opt --allow-unregistered-dialect %s --tile-memory-pipeline | FileCheck %s --check-prefix=PIPELINE
// RUN: tile-opt --allow-unregistered-dialect %s --tile-memory-pipeline | not tile-translate --allow-unregistered-dialect --tile-to-pto 2>&1 | FileCheck %s --check-prefix=PTO

// Unregistered ops (allowed by --allow-unregistered-dialect) have no
// dialect; the passes and the emitter that ask for an op's dialect once
// aborted on them.

// Tests that a kernel holding an unregistered op stays on the Tile path,
// that the pipeline keeps the op, and that PTO emission refuses it at its
// location.
// SELECT-LABEL: func.func @opaque
// SELECT-NOT:     tile.buffer_ir
// SELECT:         "foo.bar"
// PIPELINE-LABEL: func.func @opaque
// PIPELINE:         tile.alloc
// PIPELINE:         "foo.bar"
// PTO: error: 'foo.bar' op cannot be emitted to PTO: ptoas reads only func, arith and scf (for, while, if) besides pto
func.func @opaque(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %t = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %e = tile.exp %t : !tile.tile<16x16xf32, vec>
  "foo.bar"() : () -> ()
  %B = tile.store %e, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}
