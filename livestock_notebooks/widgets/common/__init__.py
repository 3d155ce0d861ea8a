"""widgets/common: parts every page may use (charts, dice, odds panel, simulation runner,
small DOM helpers, reading an upload). Charts and panels are imported from their modules."""
from .dom import hide, set_classes, show
from .uploads import upload_bytes

__all__ = ["hide", "set_classes", "show", "upload_bytes"]
