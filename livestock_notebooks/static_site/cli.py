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
    import subprocess

    from .build import build_site

    try:
        out = build_site(args.dir, cache=args.cache, notebooks=args.notebooks)
    except ImportError as exc:
        raise CommandError(f"the static site needs the [site] extra: pip install 'livestock-notebooks[site]' "
                           f"({exc.name or exc} is missing)") from None
    except subprocess.CalledProcessError as exc:
        command = " ".join(str(part) for part in exc.cmd[:3])
        raise CommandError(f"cannot build the site: `{command} ...` failed (exit {exc.returncode})") from None
    except RuntimeError as exc:  # a missing tool (npm) or JupyterLab extension, said in one line
        raise CommandError(f"cannot build the site: {exc}") from None
    except OSError as exc:
        raise CommandError(f"cannot build the site in {args.dir}: {exc.strerror or exc}") from None
    print(f"serve it with: python -m http.server --directory {out} 8000  (then open http://127.0.0.1:8000/)")
    return 0
