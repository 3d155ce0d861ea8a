"""Run by the static edition's kernel as it starts (IPython's ``PYTHONSTARTUP``, set by the site's
``loadPyodideOptions``): imports ipywidgets, which registers the widget comm targets.

The page's widget manager opens the ``jupyter.widget.control`` comm as soon as it connects, to
fetch the widgets a kernel already holds; the kernel answers once it has started. Without the
target registered by then the kernel could only refuse, and the page would fall back to asking
for each widget (and warn in the console) on every load.
"""
__import__("ipywidgets")
