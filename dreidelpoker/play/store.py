"""The resume store of a study: every finished batch of games kept on disk, so an interrupted
study (Ctrl-C, ``kill -9``) run again plays only what it had not finished.

One file per (game, rules, line-up, seats rotated or not, seed, hand limit, batch size,
batch number, library version): ``<game>-<digest>.json`` holding that key, the record
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
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from .bots import BotSpec, bot_label
from .runner import GameRecord
from ..errors import InputError

__all__ = ["BatchStore", "batch_key"]


def _bot_key(bot: BotSpec) -> str:
    if isinstance(bot, str):
        return bot
    # A user's function is known by its qualified name: clear the store after editing it.
    return f"{getattr(bot, '__module__', '?')}.{getattr(bot, '__qualname__', bot_label(bot))}"


def batch_key(*, game: str, rules: Any, lineup: Sequence[BotSpec], rotated: bool, seed: int, hand_limit: int,
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
        The key.

    Examples:
        >>> k = batch_key(game="g", rules=None, lineup=("a", "b"), rotated=True, seed=1, hand_limit=9,
        ...               batch_size=10, batch=0)
        >>> json.loads(k)["lineup"]
        ['a', 'b']
    """
    return json.dumps({
        "game": game, "rules": repr(rules), "lineup": [_bot_key(b) for b in lineup], "rotated": rotated,
        "seed": seed, "hand_limit": hand_limit, "batch_size": batch_size, "batch": batch, "version": __version__,
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

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder)
        if self.folder.exists() and not self.folder.is_dir():
            raise InputError(f"store: {str(self.folder)!r} exists and is not a folder")

    def path(self, game: str, key: str) -> Path:
        """The file of one batch."""
        return self.folder / f"{game}-{hashlib.sha256(key.encode()).hexdigest()[:24]}.json"

    def load(self, game: str, key: str, *, count: int) -> list[GameRecord] | None:
        """The batch's records if a complete, matching file is there, else ``None``.

        Parameters:
            game: the game name.
            key: the batch key ([`batch_key`][dreidelpoker.play.store.batch_key]).
            count: how many records the batch must hold.

        Returns:
            The records in game order, or ``None`` (missing, another key, wrong count or checksum).
        """
        path = self.path(game, key)
        try:
            stored: Mapping[str, Any] = json.loads(path.read_text())
            records = stored["records"]
            if (stored.get("key") != key or stored.get("count") != count or len(records) != count
                    or stored.get("sha256") != _digest(records)):
                return None
            return [GameRecord.from_dict(r) for r in records]
        except (OSError, ValueError, KeyError, TypeError):
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
        path = self.path(game, key)
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=path.stem, suffix=".tmp")
        try:
            with os.fdopen(fd, "w") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
