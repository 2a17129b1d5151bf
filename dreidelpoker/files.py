"""Files the library writes: output paths checked before any work, and every write atomic.

A long computation must never end in a traceback because its output path was bad, and a
kill during a write must never leave half a file behind. So:

* [`check_output_folder`][dreidelpoker.files.check_output_folder] and [`check_output_file`][dreidelpoker.files.check_output_file] look at a path *before* the
  work starts (a file where a folder is needed, ``/dev/null``, a missing or unwritable
  folder, a name too long for the file system, an unknown plot extension) and raise one
  [`InputError`][dreidelpoker.errors.InputError] line naming the path and the problem;
* [`write_text_atomic`][dreidelpoker.files.write_text_atomic] and [`save_figure_atomic`][dreidelpoker.files.save_figure_atomic] write to a temporary file in the
  same folder, flush it to disk and rename it over the target (``os.replace``): a reader
  sees the old file or the whole new one, never a part.

Examples:
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as d:
    ...     target = check_output_file(pathlib.Path(d) / "out.json", what="--out", suffixes=(".json",))
    ...     write_text_atomic(target, "{}")
    ...     target.read_text()
    '{}'
    >>> check_output_file("/no/such/folder/plot.png", what="--plot", suffixes=PLOT_SUFFIXES)
    Traceback (most recent call last):
    ...
    dreidelpoker.errors.InputError: --plot /no/such/folder/plot.png: the folder /no/such/folder does not exist
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, IO

from .errors import InputError, InputTypeError, shorten

__all__ = ["MAX_NAME_BYTES", "MAX_PATH_BYTES", "PLOT_SUFFIXES", "check_output_file", "check_output_folder",
           "save_figure_atomic", "write_text_atomic"]

#: Longest file or folder name (one path component) most file systems take, in bytes.
MAX_NAME_BYTES = 255
#: Longest whole path Linux takes, in bytes.
MAX_PATH_BYTES = 4096
#: The file types a plot can be saved as (matplotlib's writers without extra packages).
PLOT_SUFFIXES = (".png", ".svg", ".pdf", ".jpg", ".jpeg", ".webp", ".eps", ".ps", ".tif", ".tiff", ".svgz")


def _show(path: Path) -> str:
    """A path for a message: as typed (unquoted, so the command line keeps it whole) unless it
    is very long or holds spaces or unprintable characters."""
    text = str(path)
    if len(text) <= 300 and text.isprintable() and not any(c.isspace() for c in text):
        return text
    return shorten(text, 300)


def _as_path(path: Any, what: str) -> Path:
    if isinstance(path, (str, os.PathLike)):
        text = os.fspath(path)
        if isinstance(text, str) and text.strip() and "\x00" not in text:
            return Path(text)
    if isinstance(path, (str, os.PathLike)):
        raise InputError(f"{what}: {shorten(path)} is not a usable path (empty or with a NUL character)")
    raise InputTypeError(f"{what} must be a path (str or pathlib.Path), got {type(path).__name__} {shorten(path)}")


def _check_length(path: Path, what: str) -> None:
    raw = os.fsencode(path)
    if len(raw) > MAX_PATH_BYTES:
        raise InputError(f"{what} {_show(path)}: the path is {len(raw):,} bytes long; the file system "
                         f"takes at most {MAX_PATH_BYTES:,}")
    for part in path.parts:
        if len(os.fsencode(part)) > MAX_NAME_BYTES:
            raise InputError(f"{what} {_show(path)}: the name {shorten(part, 40)} is longer than "
                             f"{MAX_NAME_BYTES} bytes, the most a file system takes")


def _check_writable_folder(folder: Path, what: str, shown: Path) -> None:
    """``folder`` exists, is a folder and takes a new file (tried for real: permissions alone
    do not tell a read-only file system, and root passes every permission check)."""
    if not folder.exists():
        raise InputError(f"{what} {_show(shown)}: the folder {_show(folder)} does not exist")
    if not folder.is_dir():
        raise InputError(f"{what} {_show(shown)}: {_show(folder)} is a file, not a folder")
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".dreidelpoker-write-test-")
    except OSError as exc:
        raise InputError(f"{what} {_show(shown)}: cannot write in the folder {_show(folder)} "
                         f"({exc.strerror or exc})") from None
    os.close(fd)
    os.unlink(probe)


def check_output_folder(path: Any, *, what: str, create: bool = True) -> Path:
    """Check a folder the library will write files into, before any work.

    The folder may be missing if its parent exists (it is then created, when ``create``);
    anything else that would fail later fails now, with one line.

    Parameters:
        path: the folder.
        what: the option or parameter, for the message (``"--cache"``).
        create: create a missing folder (its parent must exist).

    Returns:
        The folder as a `pathlib.Path`.

    Raises:
        InputError: the path is a file or a device (``/dev/null``), its parent is missing,
            the folder is not writable, or a name is too long.
        InputTypeError: ``path`` is not a path.

    Examples:
        >>> check_output_folder("/dev/null", what="--cache")
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --cache /dev/null is a file (or a device), not a folder
    """
    folder = _as_path(path, what)
    _check_length(folder, what)
    if folder.exists() or folder.is_symlink():
        if not folder.is_dir():
            raise InputError(f"{what} {_show(folder)} is a file (or a device), not a folder")
        _check_writable_folder(folder, what, folder)
        return folder
    parent = folder.absolute().parent
    _check_writable_folder(parent, what, folder)
    if create:
        try:
            folder.mkdir()
        except OSError as exc:
            raise InputError(f"{what} {_show(folder)}: cannot create the folder ({exc.strerror or exc})") from None
    return folder


def check_output_file(path: Any, *, what: str, suffixes: Sequence[str] | None = None) -> Path:
    """Check a file the library will write, before any work.

    Parameters:
        path: the file.
        what: the option or parameter, for the message (``"--plot"``).
        suffixes: the allowed extensions (lower case, with the dot), or ``None`` for any.

    Returns:
        The file as a `pathlib.Path`.

    Raises:
        InputError: the path is a folder or a device, has no or an unknown extension, its
            folder is missing or not writable, or a name is too long.
        InputTypeError: ``path`` is not a path.

    Examples:
        >>> check_output_file("/no/such/folder/winnings", what="--plot", suffixes=PLOT_SUFFIXES)
        Traceback (most recent call last):
        ...
        dreidelpoker.errors.InputError: --plot /no/such/folder/winnings has no file extension; name the file with one of .png, .svg, .pdf, .jpg, .jpeg, .webp, .eps, .ps, .tif, .tiff, .svgz
    """
    target = _as_path(path, what)
    _check_length(target, what)
    if target.is_dir():
        example = f"{str(target).rstrip('/')}/plot{(suffixes or ('.out',))[0]}"
        raise InputError(f"{what} {_show(target)} is a folder; give a file name in it, e.g. {example}")
    if target.exists() and not target.is_file():
        raise InputError(f"{what} {_show(target)} exists and is not a regular file (a device or a pipe)")
    if suffixes is not None:
        allowed = ", ".join(suffixes)
        suffix = target.suffix.lower()
        if not suffix:
            raise InputError(f"{what} {_show(target)} has no file extension; name the file with one of {allowed}")
        if suffix not in suffixes:
            raise InputError(f"{what} {_show(target)}: unknown file type {shorten(target.suffix)}; "
                             f"use one of {allowed}")
    _check_writable_folder(target.absolute().parent, what, target)
    return target


def _write_atomic(path: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Write through ``write`` into a temporary file beside ``path``, fsync, then rename."""
    folder = path.absolute().parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name[:80]}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically: a temporary file, fsync, ``os.replace``.

    Parameters:
        path: the target file (its folder must exist).
        text: the content.

    Examples:
        >>> import tempfile, pathlib
        >>> with tempfile.TemporaryDirectory() as d:
        ...     write_text_atomic(pathlib.Path(d) / "a.txt", "hi")
        ...     sorted(p.name for p in pathlib.Path(d).iterdir())
        ['a.txt']
    """
    data = text.encode("utf-8")

    def write(f: IO[bytes]) -> None:
        f.write(data)

    _write_atomic(Path(path), write)


def save_figure_atomic(figure: Any, path: str | os.PathLike[str], **savefig_options: Any) -> None:
    """``figure.savefig(path)``, atomically: a kill during the write leaves no partial image.

    The format is taken from the extension (the temporary file has none of its own).

    Parameters:
        figure: a matplotlib ``Figure``.
        path: the image file.
        **savefig_options: passed to ``savefig`` (``dpi``, ``bbox_inches`` …).

    Examples:
        >>> import tempfile, pathlib
        >>> import matplotlib; matplotlib.use("Agg")
        >>> import matplotlib.pyplot as plt
        >>> fig, ax = plt.subplots(); _ = ax.plot([1, 2])
        >>> with tempfile.TemporaryDirectory() as d:
        ...     save_figure_atomic(fig, pathlib.Path(d) / "p.png", dpi=50)
        ...     (pathlib.Path(d) / "p.png").read_bytes()[:4]
        b'\\x89PNG'
    """
    target = Path(path)
    fmt = target.suffix.lower().lstrip(".") or "png"
    _write_atomic(target, lambda f: figure.savefig(f, format=fmt, **savefig_options))
