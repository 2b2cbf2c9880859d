"""Site initializer: every tilemem context knows the tile dialect and passes."""

from ._tilemem import register_dialects as _register_dialects
from ._tilemem import register_passes as _register_passes


def register_dialects(registry):
    _register_dialects(registry)
    _register_passes()
