"""The resume store of a study: every finished batch of games kept on disk, so an interrupted
study (Ctrl-C, ``kill -9``) run again plays only what it had not finished.

One file per (game, rules, line-up, seats rotated or not, seed, hand limit, batch size,
batch number, library version, sampler version
([`SAMPLER_VERSION`][dreidelpoker.sampler.SAMPLER_VERSION])): a batch played by another
version of the engine or of its draw stream is played again, never read back. ``<game>-<digest>.json`` holding that key, the record
count, a SHA-256 of the records and the records. A file is written to a temporary name
in the same folder, flushed to disk and renamed over its final name (``os.replace``), so a
reader sees either nothing or the whole batch. A file whose key, count or checksum does
not match is ignored and the batch is played again (a half-written or edited file is
never read back as complete).
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .._version import __version__
from ..sampler import SAMPLER_VERSION
from .bots import BotSpec, bot_label
from .runner import GameRecord
from ..errors import InputError, shorten
from ..files import check_output_folder, write_text_atomic

__all__ = ["BatchStore", "StaleEntryWarning", "batch_key"]


class StaleEntryWarning(UserWarning):
    """A stored batch that does not match what it claims (key, record count or checksum): it
    is not used, and its games are played again.

    Examples:
        >>> issubclass(StaleEntryWarning, UserWarning)
        True
    """


def _bot_key(bot: BotSpec) -> str:
    if isinstance(bot, str):
        return bot
    # A user's function is known by its qualified name: clear the store after editing it.
    return f"{getattr(bot, '__module__', '?')}.{getattr(bot, '__qualname__', bot_label(bot))}"


def batch_key(*, game: str, rules: object, lineup: Sequence[BotSpec], rotated: bool, seed: int, hand_limit: int,
              batch_size: int, batch: int) -> str:
    """What identifies one stored batch (JSON text, keys sorted).

    Parameters:
        game: the registered game name.
        rules: the rules object (its ``repr`` is part of the key).
        lineup: the line-up, position 1 first.
        rotated: whether seats were rotated.
        seed: the study's root seed.
        hand_limit: the round limit.
        batch_size: games per batch.
        batch: the batch number (games ``batch * batch_size`` onwards).

    Returns:
        The key; it also holds the library's ``__version__`` and the
        [`SAMPLER_VERSION`][dreidelpoker.sampler.SAMPLER_VERSION], so a changed engine never
        reuses a stored batch.

    Examples:
        >>> k = batch_key(game="g", rules=None, lineup=("a", "b"), rotated=True, seed=1, hand_limit=9,
        ...               batch_size=10, batch=0)
        >>> json.loads(k)["lineup"]
        ['a', 'b']
    """
    return json.dumps({
        "game": game, "rules": repr(rules), "lineup": [_bot_key(b) for b in lineup], "rotated": rotated,
        "seed": seed, "hand_limit": hand_limit, "batch_size": batch_size, "batch": batch, "version": __version__,
        "sampler": SAMPLER_VERSION,
    }, sort_keys=True)


def _digest(records: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(records, sort_keys=True).encode()).hexdigest()


class BatchStore:
    """A folder of finished batches (see the module docstring).

    Parameters:
        folder: where the batches are kept (created on the first write, not before: a
            study refused for bad input leaves nothing behind).

    Examples:
        >>> import tempfile
        >>> from dreidelpoker.play.runner import GameRecord
        >>> with tempfile.TemporaryDirectory() as d:
        ...     store = BatchStore(d)
        ...     store.save("g", "key", [GameRecord(0, (1, -1), (0,), 3, False, 9)])
        ...     [r.rounds for r in store.load("g", "key", count=1)]
        [3]
    """

    def __init__(self, folder: str | os.PathLike[str], *, what: str = "store") -> None:
        # A file, /dev/null, a missing parent, an unwritable folder or a name too long fails
        # here, before any work (the folder itself is created on the first write).
        self.folder = check_output_folder(folder, what=what, create=False)

    def path(self, game: str, key: str) -> Path:
        """The file of one batch."""
        return self.folder / f"{game}-{hashlib.sha256(key.encode()).hexdigest()[:24]}.json"

    def load(self, game: str, key: str, *, count: int, report: bool = False) -> list[GameRecord] | None:
        """The batch's records if a complete, matching file is there, else ``None``.

        Parameters:
            game: the game name.
            key: the batch key ([`batch_key`][dreidelpoker.play.store.batch_key]).
            count: how many records the batch must hold.
            report: say what is wrong instead of passing over it quietly: a file that is not
                a stored batch at all raises [`InputError`][dreidelpoker.errors.InputError] naming
                it, and one whose key, count or checksum does not match gives a
                [`StaleEntryWarning`][dreidelpoker.play.store.StaleEntryWarning] (and ``None``: the batch is played again).

        Returns:
            The records in game order, or ``None`` (missing, another key, wrong count or checksum).

        Raises:
            InputError: with ``report``, a file that cannot be read as a stored batch.
        """
        path = self.path(game, key)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            return self._corrupt(path, f"cannot be read ({exc})", report)
        try:
            stored: Mapping[str, Any] = json.loads(text)
            records = stored["records"]
            if not isinstance(records, list):
                raise TypeError("records is not a list")  # not input: caught just below
        except (ValueError, KeyError, TypeError) as exc:
            return self._corrupt(path, f"is not a stored batch ({type(exc).__name__}: {shorten(str(exc), 80)})",
                                 report)
        problem = None
        if stored.get("key") != key:
            problem = "was stored for other parameters"
        elif stored.get("count") != count or len(records) != count:
            problem = f"holds {len(records):,} records (says {stored.get('count')!r}); {count:,} expected"
        elif stored.get("sha256") != _digest(records):
            problem = "does not match its checksum"
        if problem is None:
            try:
                return [GameRecord.from_dict(r) for r in records]
            except (ValueError, KeyError, TypeError) as exc:
                problem = f"holds a malformed record ({type(exc).__name__})"
        if report:
            warnings.warn(f"{path} {problem}: not used, played again", StaleEntryWarning, stacklevel=2)
        return None

    @staticmethod
    def _corrupt(path: Path, problem: str, report: bool) -> None:
        if report:
            raise InputError(f"{path} {problem}; delete it or use another folder")
        return None

    def save(self, game: str, key: str, records: Sequence[GameRecord]) -> None:
        """Write one finished batch atomically (temporary file, fsync, ``os.replace``).

        Parameters:
            game: the game name.
            key: the batch key.
            records: the batch's records.
        """
        self.folder.mkdir(parents=True, exist_ok=True)
        rows = [r.to_dict() for r in records]
        text = json.dumps({"key": key, "count": len(rows), "sha256": _digest(rows), "records": rows})
        write_text_atomic(self.path(game, key), text)
