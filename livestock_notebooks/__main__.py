"""``python -m livestock_notebooks``: the same as the ``livestock-notebooks`` command."""

import sys

from livestock_notebooks.cli import main

sys.exit(main())
