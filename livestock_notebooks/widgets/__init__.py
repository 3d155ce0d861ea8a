"""ipywidgets components for Livestock Notebooks.

Import from the submodules directly (``from livestock_notebooks.widgets.common.odds_panel import ...``);
this package file stays empty so that the engines and the odds never pull in a widget library.
"""
