// PYTHONPATH=build/python_packages .venv/bin/python /tmp/hunt34/drive.py THIS   (every planner, Buffer IR on and off)
// observed: MISCOMPILE in every configuration (output #1 should be %e, 256 of 256 wrong): the F9 wrong fan-out source at an scf.condition: "scf.condition(%cc) %r, %e" with %r an inner loop result seeded by %e. expected: storage == value. class: miscompile
func.func @k(%a: !tile.tile<16x16xf32, vec>, %b: !tile.tile<16x16xf32, vec>, %n: index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tile.neg %b : !tile.tile<16x16xf32, vec>
  %p = tile.exp %a : !tile.tile<16x16xf32, vec>
  %q = tile.abs %a : !tile.tile<16x16xf32, vec>
  %w:3 = scf.while (%x = %p, %y = %q, %j = %c0) : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index) {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> (!tile.tile<16x16xf32, vec>) {
      %u = tile.add %t, %x : !tile.tile<16x16xf32, vec>
      scf.yield %u : !tile.tile<16x16xf32, vec>
    }
    %cc = arith.cmpi slt, %j, %n : index
    scf.condition(%cc) %r, %e, %j : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
  } do {
  ^bb0(%s: !tile.tile<16x16xf32, vec>, %t2: !tile.tile<16x16xf32, vec>, %k: index):
    %k1 = arith.addi %k, %c1 : index
    scf.yield %s, %t2, %k1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, index
  }
  return %w#0, %w#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}
