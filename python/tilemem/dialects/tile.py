"""Python builders for the tile dialect (generated from TileOps.td)."""

from ._tile_ops_gen import *  # noqa: F401,F403
