"""The test oracle of tilemem, usable by anyone with their own toolchain.

``tilemem.testing.interp``: the numpy reference interpreter (value mode and
storage mode; a storage assignment is correct when storage mode on the output
equals value mode on the input). ``tilemem.testing.fuzz``: the differential
fuzzer (``python -m tilemem.fuzz``), with its program generator
``tilemem.testing.fuzz_gen``; ``tilemem.testing.mutate``: mutants of
hand-written programs against the tools and the same checks (``python -m
tilemem.testing.mutate``). ``tilemem.testing.toolchain``: runs a tile
kernel through the real chain -- tilemem's PTO emission, ``ptoas``, pto-isa's
CPU simulator -- and compares every output with the interpreter
(``python -m tilemem.testing.toolchain``); ``tilemem.testing.corpus``: the
outcome classes of a corpus run.
"""
