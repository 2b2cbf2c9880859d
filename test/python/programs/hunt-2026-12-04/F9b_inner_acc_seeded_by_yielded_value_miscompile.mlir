// PYTHONPATH=build/python_packages .venv/bin/python /tmp/hunt34/drive.py THIS   (every planner, Buffer IR on and off); or build/bin/tile-opt THIS --tile-init-memref --tile-materialize-semantic-aliases
// observed: MISCOMPILE in every configuration, all storage compiler-owned: for %n >= 1, output #1 should be %e but is the inner accumulation %r (256 of 256 elements). A loop-invariant %e seeds an inner accumulator and is also yielded next to it: "scf.yield %r, %e". Pass output: "%10 = tile.move %9 into(%2); %11 = tile.move %10 into(%3); scf.yield %10, %11" -- the copy for %e reads %10, the copy of %r. Same root cause as F9 (realistic form). expected: storage == value. class: miscompile
func.func @k(%a: !tile.tile<16x16xf32, vec>, %b: !tile.tile<16x16xf32, vec>, %n: index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tile.neg %b : !tile.tile<16x16xf32, vec>
  %p = tile.exp %a : !tile.tile<16x16xf32, vec>
  %q = tile.abs %a : !tile.tile<16x16xf32, vec>
  %w:2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %p, %y = %q) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> (!tile.tile<16x16xf32, vec>) {
      %u = tile.add %t, %x : !tile.tile<16x16xf32, vec>
      scf.yield %u : !tile.tile<16x16xf32, vec>
    }
    scf.yield %r, %e : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  return %w#0, %w#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}
