// RUN: not tile-opt %s --tile-init-memref --tile-materialize-semantic-aliases=memory-planner=greedy 2>&1 | FileCheck %s --check-prefix=MAT-PLANNER
// RUN: not tile-opt %s --pass-pipeline='builtin.module(func.func(tile-init-memref,tile-materialize-semantic-aliases{arch=a4}))' 2>&1 | FileCheck %s --check-prefix=MAT-ARCH
// RUN: not tile-opt %s --tile-allocate-memory-addr=memory-planner=ptoas 2>&1 | FileCheck %s --check-prefix=ADDR-PTOAS
// RUN: not tile-opt %s --pass-pipeline='builtin.module(func.func(tile-allocate-memory-addr{arch=A5}))' 2>&1 | FileCheck %s --check-prefix=ADDR-ARCH
// RUN: not tile-opt %s --tile-memory-pipeline='memory-planner=dsa_rp' 2>&1 | FileCheck %s --check-prefix=PIPE-PLANNER
// RUN: not tile-opt %s --pass-pipeline='builtin.module(tile-memory-pipeline{arch=a3,a5})' 2>&1 | FileCheck %s --check-prefix=PIPE-ARCH
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-memory-pipeline{memory-planner=ptoas arch=auto})' | FileCheck %s --check-prefix=AUTO

// Tests that memory-planner and arch are enum options: a value other than
// pypto|dsa-rp|ptoas (tile-allocate-memory-addr: pypto|dsa-rp) and
// auto|a3|a5 fails once, when the pipeline is parsed, with LLVM's message
// and before any of the three functions is looked at (no function-located
// error, no repetition). The spellings are exact: no case or '_' folding.

// MAT-PLANNER: for the --memory-planner option: Cannot find option named 'greedy'!
// MAT-PLANNER-NOT: Cannot find option
// MAT-PLANNER-NOT: error: {{.+}}

// MAT-ARCH: for the --arch option: Cannot find option named 'a4'!
// MAT-ARCH-NOT: Cannot find option
// MAT-ARCH-NOT: {{^.*\.mlir:[0-9]+:[0-9]+: error}}

// ADDR-PTOAS: for the --memory-planner option: Cannot find option named 'ptoas'!
// ADDR-PTOAS-NOT: Cannot find option
// ADDR-PTOAS-NOT: error: {{.+}}

// ADDR-ARCH: for the --arch option: Cannot find option named 'A5'!
// ADDR-ARCH-NOT: Cannot find option
// ADDR-ARCH-NOT: {{^.*\.mlir:[0-9]+:[0-9]+: error}}

// PIPE-PLANNER: for the --memory-planner option: Cannot find option named 'dsa_rp'!
// PIPE-PLANNER-NOT: Cannot find option
// PIPE-PLANNER-NOT: error: {{.+}}

// PIPE-ARCH: for the --arch option: Cannot find option named 'a3,a5'!
// PIPE-ARCH-NOT: Cannot find option
// PIPE-ARCH-NOT: {{^.*\.mlir:[0-9]+:[0-9]+: error}}

// arch=auto is the default: the module's tile.target_arch, else a3.
// AUTO-COUNT-3: func.func

func.func @f(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  return %0 : !tile.tile<8x8xf32, vec>
}

func.func @g(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  return %0 : !tile.tile<8x8xf32, vec>
}

func.func @h(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  return %0 : !tile.tile<8x8xf32, vec>
}
