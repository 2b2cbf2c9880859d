// PYTHONPATH=build/python_packages .venv/bin/python /tmp/hunt34/drive.py THIS   (storage mode of the output of tile-storage-pipeline / tile-memory-pipeline for pypto, dsa-rp, ptoas, Buffer IR on and off, vs value mode of the input; or: build/bin/tile-opt THIS --tile-init-memref --tile-materialize-semantic-aliases and read the IR)
// observed: MISCOMPILE in every configuration: output 256 of 256 elements differ for %n >= 1 (with tile arguments in place of %e0/%e1: 109 of 256, m8b.mlir). In the pass output the inner loop carries %x46 in %v43's own buffer (no entry copy; only %x47 gets one), the write and the yield of %q12 overwrite it there, and the outer scf.yield delivers for %v43 a copy of %r48#1 (tile.move %11 into(...)) instead of %v43. The same nest with an outer scf.for (m10.mlir) is correct. expected: storage mode == value mode. class: miscompile
func.func @k(%a0: !tile.tile<16x16xf32, vec>, %a1: !tile.tile<16x16xf32, vec>, %n: index, %fv: f32) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e0 = tile.exp %a0 : !tile.tile<16x16xf32, vec>
  %e1 = tile.neg %a1 : !tile.tile<16x16xf32, vec>
  %w5:3 = scf.while (%p2 = %e0, %p3 = %e1, %j4 = %c0) : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) {
    %cc11 = arith.cmpi slt, %j4, %n : index
    scf.condition(%cc11) %p2, %p3, %j4 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
  } do {
  ^bb0(%q12: !tile.tile<16x16xf32, vec>, %q13: !tile.tile<16x16xf32, vec>, %j14: index):
    %v43 = tile.relu %a0 : !tile.tile<16x16xf32, vec>
    %r48:2 = scf.for %i44 = %c0 to %n step %c1 iter_args(%x46 = %v43, %x47 = %v43) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
      %w = tile.write %x46[%c1, %c1], %fv : !tile.tile<16x16xf32, vec>, f32
      scf.yield %q12, %w : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    }
    %j224 = arith.addi %j14, %c1 : index
    scf.yield %r48#1, %v43, %j224 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
  }
  return %w5#1 : !tile.tile<16x16xf32, vec>
}
