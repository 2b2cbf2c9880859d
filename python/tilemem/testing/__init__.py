"""Testing tools for tilemem that users with their own toolchain can use.

``tilemem.testing.toolchain``: runs a tile kernel through the real chain --
tilemem's PTO emission, ``ptoas``, pto-isa's CPU simulator -- and compares
every output with the reference interpreter (``tilemem.interp``).
"""
