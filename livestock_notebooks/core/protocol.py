"""The protocol every game engine follows, and the pieces they share.

An engine module (``livestock_uprising``, ``battlegoats``, ``space_pigs``) exposes:

- ``new_game(*, players, seed, max_rounds=None, ...) -> State``
- ``load(text) -> State`` (the inverse of ``State.to_json()``)
- ``CONFORMANCE_CONFIGS``: a list of ``new_game`` keyword dicts that the generic
  conformance test (``tests/conformance.py``) plays random games with.

A ``State`` (a subclass of :class:`GameState`) has ``current_player`` (whose decision it is,
``None`` when the game is over), ``legal_actions()``, ``apply(action) -> list[Event]``,
``is_over``, ``winners``, ``to_json()``, ``copy()``, ``player_view(player)`` and
``invariant_violations()``.

Actions are small frozen dataclasses (subclasses of :class:`Action`) with a readable ``str()``;
they serialise with :meth:`Action.to_dict` and come back with :func:`action_from_dict`.
Events (:class:`Event`) say what happened so logs, tutorials and animations need no second
source of truth. An event that rolled dice or revealed hidden information is marked
``irreversible``: an undo never goes back past it.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from .errors import IllegalAction, MalformedAction, SaveFileError
from .pictures import Picture


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Action:
    """Base class of every action. Subclasses are frozen dataclasses with a readable str()."""

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out

    def __str__(self) -> str:  # subclasses give something nicer
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({args})"


def _jsonable(value):
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset):
        return sorted(_jsonable(v) for v in value)
    return value


def _tupled(value):
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def action_from_dict(data: Mapping, classes: Iterable[type]) -> Action:
    """Rebuild an action saved with :meth:`Action.to_dict`; ``classes`` are the game's actions."""
    by_name = {c.__name__: c for c in classes}
    if not isinstance(data, Mapping) or data.get("type") not in by_name:
        raise MalformedAction(f"not an action of this game: {data!r}")
    cls = by_name[data["type"]]
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs = {k: _tupled(v) for k, v in data.items() if k != "type"}
    if set(kwargs) != names:
        raise MalformedAction(f"{cls.__name__} takes fields {sorted(names)}, got {sorted(kwargs)}")
    return cls(**kwargs)


def check_action_type(action: object, base: type, section: str | None = None) -> None:
    """Raise :class:`MalformedAction` unless ``action`` is an instance of the game's ``base``
    whose fields have exactly their declared types (see :func:`check_field_types`); ``section``
    is the rulebook section of the decision being asked for, named in the error."""
    if not isinstance(action, base):
        raise MalformedAction(
            f"{action!r} is not an action of this game (expected a {base.__name__})", section
        )
    check_field_types(action, section)


_FIELD_TYPES: dict[type, tuple[tuple[str, type], ...]] = {}


def check_field_types(action: object, section: str | None = None) -> None:
    """Raise :class:`MalformedAction` unless every field of ``action`` has exactly its declared
    type: ``True``, ``1.0``, ``"1"`` or a numpy integer are not the int ``1`` here, although they
    compare equal to it (an action is checked before it is compared with the legal ones).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Step(Action):
    ...     player: int
    >>> check_field_types(Step(1))
    >>> check_field_types(Step(True))
    Traceback (most recent call last):
    ...
    livestock_notebooks.core.errors.MalformedAction: Step.player must be an int, not bool (True)
    """
    cls = type(action)
    fields = _FIELD_TYPES.get(cls)
    if fields is None:
        fields = _FIELD_TYPES[cls] = _declared_types(cls)
    for name, kind in fields:
        value = getattr(action, name)
        if type(value) is not kind:
            raise MalformedAction(
                f"{cls.__name__}.{name} must be {'an' if kind.__name__[0] in 'aeiou' else 'a'} "
                f"{kind.__name__}, not {type(value).__name__} ({value!r})",
                section,
            )


#: the annotations every action field has so far, read without ``typing.get_type_hints``
#: (which compiles each string annotation: about 1 ms the first time a page plays a kind of action)
_PLAIN_TYPES: dict[str, type] = {"int": int, "str": str, "bool": bool, "float": float}


def _declared_types(cls: type) -> tuple[tuple[str, type], ...]:
    """``(name, type)`` of the fields of dataclass ``cls`` declared as a plain type (others, such
    as ``int | None``, are not checked)."""
    fields = dataclasses.fields(cls)
    if all(isinstance(f.type, type) or f.type in _PLAIN_TYPES for f in fields):
        return tuple((f.name, f.type if isinstance(f.type, type) else _PLAIN_TYPES[f.type]) for f in fields)
    import typing

    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in fields if isinstance(hints.get(f.name), type))


def require(condition: bool, rule: str, section: str) -> None:
    """Raise :class:`IllegalAction` with ``rule`` and ``section`` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(rule, section)


# --------------------------------------------------------------------------- events
@dataclass(frozen=True)
class Event:
    """Something that happened. ``text`` is a sentence a log can show as it is."""

    kind: str
    text: str
    player: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    irreversible: bool = False

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        who = "" if self.player is None else f" player {self.player}"
        return f"<Event {self.kind}{who}: {self.text!r}>"


# --------------------------------------------------------------------------- views
@dataclass(frozen=True)
class PlayerView:
    """Base of every game's view: what one seat (``viewer``; ``None`` for a spectator) may know.

    Subclasses are frozen dataclasses of plain values and tuples (no engine objects), so a
    view can be compared, hashed where its fields allow, and sent as JSON (``to_dict``).
    """

    viewer: int | None

    def to_dict(self) -> dict:
        return _jsonable(dataclasses.asdict(self))

    def picture_html(self) -> str:
        """The whole position as this viewer sees it, as HTML (each game's view draws it)."""
        raise NotImplementedError  # pragma: no cover - each game's view draws itself

    def display(self) -> Picture:
        """The position as this viewer sees it, shown as a picture in a notebook."""
        who = "a spectator" if self.viewer is None else f"seat {self.viewer}"
        return Picture(self.picture_html(), f"<{type(self).__name__} as {who} sees it>")

    def _repr_html_(self) -> str:
        return self.picture_html()


# --------------------------------------------------------------------------- states
class GameState:
    """Base class of every engine's state. Subclasses fill in the abstract parts."""

    GAME: ClassVar[str] = "?"
    SAVE_VERSION: ClassVar[int] = 1

    # -- the protocol (subclasses implement) -------------------------------------------
    @property
    def current_player(self) -> int | None:  # pragma: no cover - abstract
        """The seat (0-based) whose decision it is; ``None`` once the game is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:  # pragma: no cover - abstract
        """Every action :attr:`current_player` may take now, in a stable order (empty once the
        game is over). Each is a small frozen dataclass with a readable ``str()``."""
        raise NotImplementedError

    def apply(self, action: Action) -> list[Event]:  # pragma: no cover - abstract
        """Play ``action`` for :attr:`current_player` and return the events it caused, in order.

        An action that is not legal now raises :class:`~livestock_notebooks.core.errors.IllegalAction`
        naming the rule and the rulebook section, and leaves the state unchanged."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:  # pragma: no cover - abstract
        """Whether the game has ended (by its rules or by its round limit)."""
        raise NotImplementedError

    @property
    def winners(self) -> list[int]:  # pragma: no cover - abstract
        """The winning seats once the game is over (empty while it runs, and when the round
        limit ended it)."""
        raise NotImplementedError

    def to_dict(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def from_dict(cls, data: dict) -> "GameState":  # pragma: no cover - abstract
        raise NotImplementedError

    # -- shared behaviour ------------------------------------------------------------------
    def to_json(self) -> str:
        """The save file of this position (JSON text; read back with the game's ``load``)."""
        return dump_save(self.GAME, self.SAVE_VERSION, self.to_dict())

    def copy(self) -> "GameState":
        """An independent copy: playing on it leaves this state as it is."""
        return type(self).from_dict(json.loads(json.dumps(self.to_dict())))

    def is_legal(self, action: object) -> bool:
        return action in self.legal_actions()

    def player_view(self, player: int | None) -> "PlayerView":  # pragma: no cover - abstract
        """What ``player`` may know, as a typed read-only object; ``None``: a spectator."""
        raise NotImplementedError

    def display(self, player: int | None = None) -> Picture:
        """The position as ``player`` sees it (``None``: a spectator, nothing hidden shown), as a
        picture in a notebook: ``state.display(0)``."""
        return self.player_view(player).display()

    def _repr_html_(self) -> str:
        """A state shown in a notebook: the spectator's picture (no hidden card or tile)."""
        return self.display()._repr_html_()

    def redraw_hidden(self, player: int | None, seed: int) -> "GameState":  # pragma: no cover
        """A copy in which everything ``player`` may not know (other hands, face-down cards,
        the deck order, secret markers, the dice to come) is redrawn at random, consistently
        with ``player_view(player)``, which stays the same. The conformance test uses it to
        check that views hide what they must; search bots draw their possible worlds with it."""
        raise NotImplementedError

    def invariant_violations(self) -> list[str]:
        """Broken invariants, in words (empty when all hold). Used by the conformance test."""
        return []


# --------------------------------------------------------------------------- saves
def dump_save(game: str, version: int, payload: dict) -> str:
    return json.dumps(
        {"game": game, "version": version, "state": payload},
        sort_keys=True,
        separators=(",", ":"),
    )


#: the deepest nesting of arrays and objects a save may have (real saves stay far below)
MAX_SAVE_DEPTH = 64
#: the longest string a save may hold, names and log lines included (real ones stay under 300
#: characters): a longer one would ride in every autosave of the game
MAX_SAVE_STRING = 1000
#: the longest engine save embedded as a string in a page's save (``engine_save``, undo steps)
MAX_EMBEDDED_SAVE = 1_000_000


def loads_save_json(text: str, embedded: frozenset[str] | set[str] = frozenset()) -> Any:
    """``json.loads`` for save files: anything that is not plain, reasonably shaped JSON (not
    JSON, nested deeper than :data:`MAX_SAVE_DEPTH`, a string or key longer than
    :data:`MAX_SAVE_STRING`, numbers too long for Python's ``int``, ``NaN``/``Infinity``) raises
    :class:`SaveFileError` naming the field, never ``RecursionError`` or a bare ``ValueError``.
    Strings under the keys ``embedded`` are saves themselves, allowed up to
    :data:`MAX_EMBEDDED_SAVE` characters (their own loading checks them)."""
    def refuse_constant(name: str) -> Any:
        raise SaveFileError(f"save file has a number {name}, which is not allowed")

    try:
        data = json.loads(text, parse_constant=refuse_constant)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"save file is not valid JSON: {exc}") from None
    except SaveFileError:
        raise
    except RecursionError:
        raise SaveFileError("save file is nested too deeply to be a save") from None
    except (TypeError, ValueError):  # an integer of thousands of digits (int conversion limit)
        raise SaveFileError("save file has a number too long to be read") from None
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_SAVE_DEPTH:
            raise SaveFileError(f"save file is nested too deeply to be a save (over {MAX_SAVE_DEPTH} levels)")
        if isinstance(node, dict):
            for key, child in node.items():
                if len(key) > MAX_SAVE_STRING or (isinstance(child, str) and len(child) > (
                        MAX_EMBEDDED_SAVE if key in embedded else MAX_SAVE_STRING)):
                    _refuse_long_text(data, embedded)
                if isinstance(child, (dict, list)):
                    stack.append((child, depth + 1))
        elif isinstance(node, list):
            for child in node:
                if isinstance(child, str) and len(child) > MAX_SAVE_STRING:
                    _refuse_long_text(data, embedded)
                if isinstance(child, (dict, list)):
                    stack.append((child, depth + 1))
    return data


def _refuse_long_text(data: Any, embedded: frozenset[str] | set[str]) -> None:
    """Raise :class:`SaveFileError` naming the first field of ``data`` holding a text (or key)
    over its limit (looked for only once one is known to be there, so loading stays quick)."""
    stack: list[tuple[Any, tuple]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            limit = MAX_EMBEDDED_SAVE if path and path[-1] in embedded else MAX_SAVE_STRING
            if len(node) > limit:
                raise SaveFileError(f"save file field {_field_name(path)!r} holds a text of {len(node)} characters "
                                    f"(at most {limit})")
        elif isinstance(node, dict):
            for key, child in node.items():
                if len(key) > MAX_SAVE_STRING:
                    raise SaveFileError(f"save file field {_field_name(path)!r} has a key of {len(key)} characters")
                stack.append((child, (*path, key)))
        elif isinstance(node, list):
            stack.extend((child, (*path, i)) for i, child in enumerate(node))


def _field_name(path: tuple) -> str:
    """``state.log0[3]`` for the path ``("state", "log0", 3)``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(the whole file)"


def parse_save(text: str | bytes, game: str, version: int) -> dict:
    """Check a save file's envelope and return its ``state`` payload.

    Raises :class:`SaveFileError` with a clear message for anything that is not a save of
    ``game`` at a version this code can read. Never evaluates code.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveFileError(f"save file is not UTF-8 text: {exc}") from None
    if not isinstance(text, str):
        raise SaveFileError(f"save file is not text (got {type(text).__name__})")
    data = loads_save_json(text)
    if not isinstance(data, dict) or "state" not in data:
        raise SaveFileError("save file has no game state in it")
    if data.get("game") != game:
        raise SaveFileError(f"this is a save of {data.get('game')!r}, not of {game!r}")
    if data.get("version") != version:
        raise SaveFileError(
            f"save file version {data.get('version')!r} cannot be read (this code reads {version})"
        )
    if not isinstance(data["state"], dict):
        raise SaveFileError("save file's state is not an object")
    return data["state"]


def load_state(cls: type[GameState], text: str | bytes) -> GameState:
    """``cls.from_dict`` on a checked save, turning any corruption into :class:`SaveFileError`."""
    payload = parse_save(text, cls.GAME, cls.SAVE_VERSION)
    try:
        state = cls.from_dict(payload)
    except SaveFileError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise SaveFileError(f"save file is corrupt ({type(exc).__name__}: {exc})") from None
    problems = state.invariant_violations()
    if problems:
        raise SaveFileError("save file is corrupt: " + "; ".join(problems[:3]))
    return state


def replay(new_game, config: Mapping, actions: Sequence[Action]) -> tuple[GameState, list[Event]]:
    """Play ``actions`` from ``new_game(**config)``; returns the state and every event."""
    state = new_game(**config)
    events: list[Event] = []
    for action in actions:
        events.extend(state.apply(action))
    return state, events
