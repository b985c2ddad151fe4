"""A one-line progress bar on stderr (self-play, tournaments, training)."""

from __future__ import annotations

import sys
import time
from typing import Callable, Optional


class Progress:
    """A one-line progress bar on stderr, like ``duke tournament``'s."""

    def __init__(self, total: int, label: str, show: bool, extra: Optional[Callable[[], str]] = None,
                 unit: str = "games"):
        self.total = total
        self.label = label
        self.show = show
        self.extra = extra
        self.unit = unit
        self.start = time.monotonic()
        self.games = 0
        self.decisions = 0
        self.done = 0

    def update(self, games: int, decisions: int) -> None:
        self.games += games
        self.decisions += decisions
        self.done += games
        if not self.show:
            return
        width = 30
        filled = self.done * width // max(self.total, 1)
        secs = time.monotonic() - self.start
        rate = self.games / secs if secs > 0 else 0.0
        extra = f"  {self.extra()}" if self.extra else ""
        sys.stderr.write(
            f"\r[{'#' * filled}{' ' * (width - filled)}] {self.done}/{self.total}  {self.label}{extra}"
            f"  {rate:.1f} {self.unit}/s  {secs:.0f}s "
        )
        sys.stderr.flush()

    def finish(self) -> None:
        if self.show:
            sys.stderr.write("\n")
            sys.stderr.flush()
