"""``livestock-notebooks build-site DIR``: the subcommand's options and run (see
:mod:`livestock_notebooks.command`); the work is :func:`.build.build_site`."""
from __future__ import annotations

import argparse

from ..command import CommandError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = "Write the static web edition (runs in the browser, no server) into DIR."
    parser.add_argument("dir", metavar="DIR", help="folder to write the site into")
    parser.add_argument("--cache", metavar="DIR", help="where downloads are kept between builds")
    parser.add_argument("--notebooks", metavar="DIR", help="the notebooks to build from (default: the app's)")


def run(args: argparse.Namespace) -> int:
    from .build import build_site

    try:
        out = build_site(args.dir, cache=args.cache, notebooks=args.notebooks)
    except OSError as exc:
        raise CommandError(f"cannot build the site in {args.dir}: {exc.strerror or exc}") from None
    print(f"serve it with: python -m http.server --directory {out} 8000  (then open http://127.0.0.1:8000/)")
    return 0
