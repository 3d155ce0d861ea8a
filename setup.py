"""Build hook: ship the app's notebooks inside the package.

The notebooks live at the top of the repository (``notebooks/``), where the app serves them from
a checkout. A built wheel or a regular ``pip install .`` has no checkout beside it, so the build
copies ``notebooks/*.ipynb`` into ``livestock_notebooks/notebooks/``; ``livestock-notebooks``
serves that copy when it is not run from a checkout. Everything else is in ``pyproject.toml``.
"""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildPyWithNotebooks(build_py):
    """``build_py`` that also copies the top-level notebooks into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install serves the checkout's notebooks/ directly
        target = Path(self.build_lib) / "livestock_notebooks" / "notebooks"
        self.mkpath(str(target))
        for notebook in sorted((HERE / "notebooks").glob("*.ipynb")):
            self.copy_file(str(notebook), str(target / notebook.name))


setup(cmdclass={"build_py": BuildPyWithNotebooks})
