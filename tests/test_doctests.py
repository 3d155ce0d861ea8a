"""The examples in the package's docstrings run as tests (``doctest``), so they stay true."""
from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import livestock_notebooks

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(livestock_notebooks.__path__, prefix="livestock_notebooks.")
    if info.name.rsplit(".", 1)[-1] != "__main__"
)


@pytest.mark.parametrize("name", ["livestock_notebooks", *MODULES])
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    failed, _attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                                         report=True, verbose=False)
    assert failed == 0, f"{failed} doctest(s) failed in {name} (see the output above)"
