// PYTHONPATH=build/python_packages .venv/bin/python /tmp/hunt34/drive.py THIS   (storage mode of the pipeline output vs value mode; every planner, Buffer IR on and off); or build/bin/tile-opt THIS --tile-init-memref --tile-materialize-semantic-aliases
// observed: MISCOMPILE in every configuration: output #1 (row_max of %w8#1) is wrong in 16 of 16 elements for %n >= 1. No writebacks, no user storage: an scf.while whose body runs a loop nest carrying %e1/%q10 and yields (%r27#1, %e1). In the pass output the while yield is "%15 = tile.move %13 into(%4); %16 = tile.move %15 into(%1); scf.yield %15, %16": carry #1 gets a copy of %r27#1 instead of %e1 (%7) -- as if %r27#1 and %e1 were one fanned-out value (%r27#1 lived in %e1's window before the inner loop got its entry copy). F6 shows the same wrong source. The same nest under an scf.for (z9.mlir) is correct. Found as seed 5315 of /tmp/hunt34/gen.py on b9df6cf. expected: storage == value. class: miscompile
func.func @k(%a0: !tile.tile<16x16xf32, vec>, %a1: !tile.tile<16x16xf32, vec>, %a2: !tile.tile<16x16xf32, vec>, %n: index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %e0 = tile.exp %a0 : !tile.tile<16x16xf32, vec>
  %e1 = tile.neg %a1 : !tile.tile<16x16xf32, vec>
  %e2 = tile.abs %a2 : !tile.tile<16x16xf32, vec>
  %w8:3 = scf.while (%p5 = %e2, %p6 = %e0, %j7 = %c0) : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) {
    %cc9 = arith.cmpi slt, %j7, %n : index
    scf.condition(%cc9) %p5, %p6, %j7 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
  } do {
  ^bb0(%q10: !tile.tile<16x16xf32, vec>, %q11: !tile.tile<16x16xf32, vec>, %j12: index):
    %r27:3 = scf.for %i23 = %c0 to %c3 step %c1 iter_args(%x24 = %q10, %x25 = %e1, %x26 = %e2) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
      %r34:3 = scf.for %i30 = %c0 to %c3 step %c1 iter_args(%x31 = %x25, %x32 = %q10, %x33 = %e2) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
        scf.yield %x33, %q11, %x31 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
      }
      scf.yield %e2, %q10, %r34#0 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    }
    %j55 = arith.addi %j12, %c1 : index
    scf.yield %r27#1, %e1, %j55 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
  }
  %v72 = tile.row_max %w8#1 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  return %e0, %v72 : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
}
