"""widgets/common: parts every page may use (charts, dice, odds panel, simulation runner,
small DOM helpers, reading an upload). Charts and panels are imported from their modules."""
from .dom import ButtonPool, button, hide, message_html, plain_text, set_classes, show
from .uploads import upload_bytes

__all__ = ["ButtonPool", "button", "hide", "message_html", "plain_text", "set_classes", "show", "upload_bytes"]
