// build/bin/tile-opt THIS --tile-init-memref --tile-materialize-semantic-aliases   (every planner, both enable-buffer-ir modes; y2.mlir is the same with tile arguments)
// observed: error: storage is still invalid after materialization: result %7 in %0[0, 1024] overlaps operand %5#0 in %0[0, 1024], but the op is not in-place safe. With verify=false the output shows the inner while yielding into %1 while its carry (seeded by the outer carry) lives in %0, and the yield copy tile.move %9#0 into(%0) of the outer loop. Program: nested scf.while, the inner condition and yield forward a value %g defined before both loops (not a before-argument). All compiler-owned vec storage. expected: legalized. class: wrong rejection (internal error; no user storage involved)
func.func @k(%a0: !tile.tile<16x16xf32, vec>, %a1: !tile.tile<16x16xf32, vec>, %n: index) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %e = tile.exp %a0 : !tile.tile<16x16xf32, vec>
  %g = tile.neg %a1 : !tile.tile<16x16xf32, vec>
  %w:2 = scf.while (%p = %e, %j = %c0) : (!tile.tile<16x16xf32, vec>, index) -> (!tile.tile<16x16xf32, vec>, index) {
    %cc = arith.cmpi slt, %j, %c2 : index
    scf.condition(%cc) %p, %j : !tile.tile<16x16xf32, vec>, index
  } do {
  ^bb0(%q: !tile.tile<16x16xf32, vec>, %k: index):
    %v:2 = scf.while (%r = %q, %l = %c0) : (!tile.tile<16x16xf32, vec>, index) -> (!tile.tile<16x16xf32, vec>, index) {
      %cc2 = arith.cmpi slt, %l, %n : index
      scf.condition(%cc2) %g, %l : !tile.tile<16x16xf32, vec>, index
    } do {
    ^bb0(%s: !tile.tile<16x16xf32, vec>, %m: index):
      %m1 = arith.addi %m, %c1 : index
      scf.yield %g, %m1 : !tile.tile<16x16xf32, vec>, index
    }
    %k1 = arith.addi %k, %c1 : index
    scf.yield %v#0, %k1 : !tile.tile<16x16xf32, vec>, index
  }
  return %w#0 : !tile.tile<16x16xf32, vec>
}
