"""The library's version, in a module that imports nothing (the play layer records it in every
stored result without importing the package's front door)."""

__version__ = "0.1.0"
