#ifndef TILEMEM_PYTHON_TILEOPS_TD
#define TILEMEM_PYTHON_TILEOPS_TD

include "tilemem/Dialect/Tile/IR/TileOps.td"

#endif
