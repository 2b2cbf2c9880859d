// PYTHONPATH=build/python_packages .venv/bin/python /tmp/hunt34/drive.py THIS   (every planner, Buffer IR on and off); or build/bin/tile-opt THIS --tile-init-memref --tile-materialize-semantic-aliases
// observed: MISCOMPILE in every configuration: for %n >= 1 and %c false, output #1 should be %e but is %x (a), 256 of 256 elements. The loop yields an scf.if result whose then arm yields %e, next to %e itself: "scf.yield %r, %e". Pass output: "%9 = tile.move %8 into(%2); %10 = tile.move %9 into(%1); scf.yield %9, %10" -- carry #1 gets a copy of the if result. Same root cause as F9 (if form). expected: storage == value. class: miscompile
func.func @k(%a: !tile.tile<16x16xf32, vec>, %b: !tile.tile<16x16xf32, vec>, %n: index, %c: i1) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tile.neg %b : !tile.tile<16x16xf32, vec>
  %w:2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %r = scf.if %c -> !tile.tile<16x16xf32, vec> {
      scf.yield %e : !tile.tile<16x16xf32, vec>
    } else {
      scf.yield %x : !tile.tile<16x16xf32, vec>
    }
    scf.yield %r, %e : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  return %w#0, %w#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}
