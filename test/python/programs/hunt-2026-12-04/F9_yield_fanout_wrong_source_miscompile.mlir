// PYTHONPATH=build/python_packages .venv/bin/python /tmp/hunt34/drive.py THIS   (storage mode of the pipeline output vs value mode; every planner, Buffer IR on and off); or build/bin/tile-opt THIS --tile-init-memref --tile-materialize-semantic-aliases
// observed: MISCOMPILE in every configuration: for %n >= 1, output #1 should be %e (= -%b) but is %a (256 of 256 elements). The outer yield is (%r, %e) where %r is the result of an inner loop seeded by %e (so %r starts in %e's window). The pass gives the inner loop an entry copy of %e, then emits for the outer yield "%m0 = tile.move %r into(W0); %m1 = tile.move %m0 into(W1); scf.yield %m0, %m1": carry #1 receives a copy of %r instead of %e, as if %r and %e were one value yielded twice (fan-out by window, decided before the entry copy moved %r out of %e's window). The smallest form of F6/F8 (same wrong source). expected: storage == value. class: miscompile
func.func @k(%a: !tile.tile<16x16xf32, vec>, %b: !tile.tile<16x16xf32, vec>, %n: index) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tile.neg %b : !tile.tile<16x16xf32, vec>
  %w:2 = scf.for %j = %c0 to %n step %c1 iter_args(%x = %a, %y = %a) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> (!tile.tile<16x16xf32, vec>) {
      scf.yield %x : !tile.tile<16x16xf32, vec>
    }
    scf.yield %r, %e : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  return %w#0, %w#1 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}
