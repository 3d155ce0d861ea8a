"""The machinery of the ``livestock-notebooks`` command: subcommands, one-line errors, Ctrl-C.

The subcommands themselves are registered in :mod:`livestock_notebooks.cli` with one line each::

    add_command("build-site", "livestock_notebooks.site.cli", "build the static site into a folder")

The module named there is imported only when that subcommand runs (so a subcommand's heavy
imports never slow another one down) and provides two functions:

- ``add_arguments(parser)``: adds the subcommand's options to an :mod:`argparse` parser;
- ``run(args) -> int``: does the work and returns the exit status. A problem the user can fix
  (a bad path, an unreachable address, a missing extra) is raised as :class:`CommandError`: the
  command prints it as one line and exits with status 2, never with a traceback.

``add_command(..., add="other_name", run="other_name")`` names other functions of the module.

Every error ends in one line on standard error and a non-zero status: argparse's own errors
(unknown option, bad value) are shortened to ``PROG: error: MESSAGE (see PROG --help)``, and
Ctrl-C prints ``PROG: interrupted`` and exits with 130.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from typing import Any, Callable, Sequence

__all__ = ["Command", "CommandError", "CommandParser", "add_command", "commands", "dispatch", "package_version"]

PROG = "livestock-notebooks"


class CommandError(Exception):
    """A problem the user can fix, reported as one line (exit status 2)."""


class CommandParser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line: the message and where to find help."""

    def error(self, message: str) -> Any:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


@dataclass(frozen=True)
class Command:
    """A subcommand: its name, a one-line help, and the module with its two functions."""

    name: str
    module: str
    help: str
    add: str = "add_arguments"
    run: str = "run"
    #: options this parser does not know are handed to ``run`` as ``args.extra`` (``serve`` passes
    #: them to Voila) instead of being refused
    pass_through: bool = False

    def functions(self) -> tuple[Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]:
        module = importlib.import_module(self.module)
        return getattr(module, self.add), getattr(module, self.run)


_COMMANDS: dict[str, Command] = {}
_DEFAULT: list[str] = []


def add_command(name: str, module: str, help: str, *, add: str = "add_arguments", run: str = "run",
                pass_through: bool = False, default: bool = False) -> Command:
    """Register a subcommand (see the module's docstring); ``default``: the one run when the
    command line names none."""
    command = Command(name, module, help, add, run, pass_through)
    _COMMANDS[name] = command
    if default:
        _DEFAULT[:] = [name]
    return command


def commands() -> dict[str, Command]:
    """The registered subcommands, by name, in the order they were added."""
    return dict(_COMMANDS)


def package_version() -> str:
    """The installed package's version (the checkout's ``__version__`` when not installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("livestock-notebooks")
    except PackageNotFoundError:  # pragma: no cover - running from a bare checkout
        from . import __version__

        return __version__


def _top_parser(description: str, epilog: str) -> CommandParser:
    parser = CommandParser(prog=PROG, description=description, epilog=epilog,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"{PROG} {package_version()}")
    return parser


def subcommand_parser(name: str) -> CommandParser:
    """The parser of one subcommand, with its options (for its ``--help``, and for tests)."""
    command = _COMMANDS[name]
    parser = CommandParser(prog=f"{PROG} {name}", description=command.help[:1].upper() + command.help[1:] + ".")
    command.functions()[0](parser)
    return parser


def dispatch(argv: Sequence[str] | None, description: str) -> int:
    """Parse ``argv`` (default ``sys.argv[1:]``), run the chosen subcommand, and turn
    :class:`CommandError` and Ctrl-C into one line and a non-zero status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    default = _DEFAULT[0] if _DEFAULT else None
    names = ", ".join(_COMMANDS)
    if argv[:1] and not argv[0].startswith("-") and argv[0] not in _COMMANDS:
        print(f"{PROG}: error: unknown command {argv[0]!r} (choose from {names}; see {PROG} --help)",
              file=sys.stderr)
        return 2
    if default is not None and (not argv or (argv[0] not in _COMMANDS and argv[0] not in ("-h", "--help", "--version"))):
        argv.insert(0, default)
    epilog = f"Run `{PROG} COMMAND --help` for a command's options."
    if default is not None:
        epilog = f"With no command, `{default}` runs.\n{epilog}\n\n`{default}` options:\n" + _options_text(default)
    parser = _top_parser(description, epilog)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    chosen = argv[0] if argv and argv[0] in _COMMANDS else None
    for command in _COMMANDS.values():
        child = sub.add_parser(command.name, help=command.help,
                               description=command.help[:1].upper() + command.help[1:] + ".")
        if command.name == chosen:
            command.functions()[0](child)
    try:
        if chosen is not None and _COMMANDS[chosen].pass_through:
            args, extra = parser.parse_known_args(argv)
            args.extra = extra
        else:
            args = parser.parse_args(argv)
        if chosen is None:
            parser.print_help()
            return 0
        return int(_COMMANDS[chosen].functions()[1](args) or 0)
    except CommandError as exc:
        print(f"{PROG} {chosen}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\n{PROG}: interrupted", file=sys.stderr)
        return 130


def _options_text(name: str) -> str:
    """The options section of a subcommand's help, for the top-level ``--help``."""
    text = subcommand_parser(name).format_help()
    start = text.find("options:")
    return text[start + len("options:"):].strip("\n") if start >= 0 else text
