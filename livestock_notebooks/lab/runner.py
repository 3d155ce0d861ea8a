"""Experiments and how they run: serially here, or in chunks on a Dask cluster.

An :class:`Experiment` is a game, its seats (bot names, in seat order; turned one seat a game with
``rotate_seats``), a number of games, a base seed, a round limit and the ``new_game`` options
(with the lab's per-game draws, :func:`.features.game_options`). Game ``i`` is always
``tournament.play_one(game, seats_for(seats, i), game_seed(seed, i), i, ...)``: its row is the
same whichever worker plays it and however the games are split.

:func:`run` sends chunks of games to Dask workers and writes each chunk as it comes back
(:mod:`livestock_notebooks.lab.store`). By default it starts a local cluster of worker processes and stops it at the
end; ``scheduler="tcp://host:port"`` (or the ``DASK_SCHEDULER_ADDRESS`` environment variable)
uses a running cluster instead, whose workers must have this package installed.
"""
from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from .. import tournament
from . import store
from .features import game_options, watched_info, watcher as new_watcher

__all__ = ["Experiment", "LabError", "SCHEDULER_ENV", "play_chunk", "play_game", "plan_chunks", "require_lab", "run"]

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
#: seconds to wait for a running scheduler named by ``scheduler=`` before giving up
CONNECT_TIMEOUT = 10
LAB_EXTRA = "pip install 'livestock-notebooks[lab]'"


class LabError(ValueError):
    """A run that cannot start or go on, said in one line (the command prints it as it is)."""


def require_lab(serial: bool = False, also: tuple[str, ...] = ()) -> None:
    """:class:`LabError` naming the extra to install when the lab's libraries are missing:
    pyarrow always (the results are Parquet), Dask and ``distributed`` unless ``serial``, and
    the modules ``also`` (the command's progress bar needs tqdm)."""
    import importlib.util

    needed = ["pyarrow", *also] if serial else ["pyarrow", "dask", "distributed", *also]
    missing = [name for name in needed if importlib.util.find_spec(name) is None]
    if missing:
        raise LabError(f"the balance lab needs {', '.join(missing)}: {LAB_EXTRA}")


@dataclass(frozen=True)
class Experiment:
    """What to play: ``games`` games of ``game`` with the bots ``seats``, from ``seed``.

    ``options`` go to ``new_game`` (Space Pigs ``rules`` and its options such as ``clan_powers``;
    BattleGoats ``draft`` and ``cards``, a list of card ids; Livestock Uprising ``factions``, a
    list of faction keys in seat order or ``"draw"`` for a random one per seat and game).
    """

    game: str
    seats: tuple[str, ...]
    games: int = 100
    seed: int = 0
    max_rounds: int | None = None
    rotate_seats: bool = True
    options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "options", dict(self.options))
        info = tournament.game_info(self.game)
        tournament._check_bots(info, list(self.seats), None)
        if self.games < 0:
            raise ValueError("games must be 0 or more")
        if self.max_rounds is not None and self.max_rounds < 1:
            raise ValueError(f"max_rounds must be 1 or more (or None for no limit), not {self.max_rounds}")

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON): what :func:`run` writes in the results folder and sends to workers."""
        out = dataclasses.asdict(self)
        out["seats"] = list(self.seats)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Experiment":
        return cls(**{f.name: data[f.name] for f in dataclasses.fields(cls) if f.name in data})

    def same_games(self, other: "Experiment") -> bool:
        """Whether game ``i`` of both is the same game (the number of games may differ)."""
        a, b = self.to_dict(), other.to_dict()
        a.pop("games")
        b.pop("games")
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def play_game(experiment: Experiment, index: int, worker: str = "local") -> dict[str, Any]:
    """Game ``index`` of an experiment: its tournament record, features and ``worker``."""
    seats = tournament.seats_for(experiment.seats, index, experiment.rotate_seats)
    seed = tournament.game_seed(experiment.seed, index)
    options = game_options(experiment.game, experiment.options, seed, len(seats))
    watcher = new_watcher(experiment.game)
    info = watched_info(tournament.game_info(experiment.game), watcher)
    record = tournament.play_one(info, seats, seed, index, experiment.max_rounds, options)
    return {**record, **watcher.features(), "worker": worker}


def play_chunk(spec: Mapping[str, Any], first: int, end: int) -> list[dict[str, Any]]:
    """Games ``first`` .. ``end - 1`` of the experiment ``spec`` (:meth:`Experiment.to_dict`):
    the task a Dask worker runs."""
    experiment = Experiment.from_dict(spec)
    worker = _worker_address()
    return [play_game(experiment, i, worker) for i in range(first, end)]


def _worker_address() -> str:
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return "local"


def plan_chunks(games: int, chunk_size: int) -> list[tuple[int, int]]:
    """(first, end) of each chunk.

    >>> plan_chunks(10, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    size = max(1, int(chunk_size))
    return [(first, min(games, first + size)) for first in range(0, games, size)]


def _chunk_size(games: int, workers: int) -> int:
    """About four chunks per worker, 1 to 50 games each: small enough to balance the load and
    to lose little when a run stops, large enough that Dask's overhead stays small."""
    return max(1, min(50, -(-games // max(1, 4 * workers))))


def run(experiment: Experiment, out: str | os.PathLike, *, scheduler: str | None = None, workers: int | None = None,
        chunk_size: int | None = None, progress: Callable[[int, int], None] | None = None) -> Path:
    """Play ``experiment`` into the Parquet folder ``out``; the folder's path.

    ``scheduler``: a Dask scheduler address, else ``$DASK_SCHEDULER_ADDRESS``, else a local
    cluster of ``workers`` processes (default 2) started for this run; ``"serial"`` plays in
    this process, without Dask. Chunks already in ``out`` are skipped (a stopped run resumes).
    :class:`LabError` (a ``ValueError``) says in one line why a run cannot start: no games,
    a folder holding another experiment's games, a folder it cannot write, a scheduler it cannot
    reach. ``progress(done, total)``
    is called with numbers of games as chunks are written.
    """
    out = Path(out)
    if experiment.games < 1:
        raise LabError("an experiment needs 1 game or more")
    address = scheduler or os.environ.get(SCHEDULER_ENV) or None
    require_lab(serial=address == "serial")
    previous = store.read_manifest(out)
    if previous is not None and not Experiment.from_dict(previous["experiment"]).same_games(experiment):
        raise LabError(f"{out} holds the games of another experiment; choose another folder")
    size = int(chunk_size or (previous or {}).get("chunk_size") or _chunk_size(experiment.games, workers or 2))
    with contextlib.ExitStack() as stack:
        # connect first: a run that cannot start leaves no folder behind
        client = None if address == "serial" else stack.enter_context(_client(address, workers))
        try:
            store.write_manifest(out, {"experiment": experiment.to_dict(), "chunk_size": size,
                                       "game": experiment.game})
        except OSError as exc:
            raise LabError(f"cannot write the results into {out}: {exc.strerror or exc}") from None
        done = store.good_chunks(out, experiment.game, lambda i: tournament.game_seed(experiment.seed, i))
        chunks = [c for c in plan_chunks(experiment.games, size) if c not in done]
        total = experiment.games
        finished = total - sum(end - first for first, end in chunks)
        if progress is not None:
            progress(finished, total)
        spec = experiment.to_dict()
        for first, end, rows in _played(client, spec, chunks):
            store.write_chunk(out, experiment.game, first, end, rows)
            finished += end - first
            if progress is not None:
                progress(finished, total)
    return out


def _played(client: Any, spec: dict[str, Any], chunks: list[tuple[int, int]]) -> Iterator[tuple[int, int, list]]:
    """(first, end, rows) of each chunk as it is played: here in order without a client, else
    on the client's workers as they finish (the rest cancelled if the caller stops early)."""
    if client is None:
        for first, end in chunks:
            yield first, end, play_chunk(spec, first, end)
        return
    from distributed import as_completed

    futures = {client.submit(play_chunk, spec, first, end, pure=False): (first, end) for first, end in chunks}
    try:
        with client.as_current():  # the client is not made the process's default (see _client)
            for future in as_completed(futures):
                first, end = futures[future]
                yield first, end, future.result()
    finally:
        client.cancel(list(futures))


class _client:
    """A Dask client on ``address``, or on a local cluster of ``workers`` processes that lives
    as long as the ``with`` block. It is not made the default client of the process, so a run,
    even one that cannot connect, leaves Dask's settings as they were."""

    def __init__(self, address: str | None, workers: int | None):
        self.address = address
        self.workers = workers
        self.cluster: Any = None
        self.client: Any = None

    def __enter__(self) -> Any:
        import logging

        from distributed import Client, LocalCluster

        if self.address:
            try:
                self.client = Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except (OSError, ValueError, TypeError) as exc:
                reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                raise LabError(f"cannot reach the Dask scheduler at {self.address}: {reason}") from None
        else:
            # everything on loopback: the scheduler, the workers and the dashboard (which shows
            # the cluster's tasks and logs to whoever reaches it)
            self.cluster = LocalCluster(n_workers=int(self.workers or 2), threads_per_worker=1, processes=True,
                                        host="127.0.0.1", dashboard_address="127.0.0.1:0",
                                        silence_logs=logging.ERROR)
            self.client = Client(self.cluster, set_as_default=False)
        return self.client

    def __exit__(self, *exc: Any) -> None:
        self.client.close()
        if self.cluster is not None:
            self.cluster.close()

