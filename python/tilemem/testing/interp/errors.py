"""The interpreter's errors."""

from __future__ import annotations


class InterpreterError(RuntimeError):
    """The program cannot be interpreted (unsupported op, out-of-bounds
    access, step budget exhausted, ...). The message names the op and its
    location."""

    def __init__(self, message: str, located: bool = False):
        super().__init__(message)
        #: Whether the message already names the failing op.
        self.located = located


class StorageError(InterpreterError):
    """A storage-mode failure: a value without storage (a producer without a
    destination), an unallocated buffer, a slot or window out of range, or
    a result overlapping an operand the op forbids it to overlap."""
