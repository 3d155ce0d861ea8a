"""The rule readings behind the odds, in plain words, for the explorers to show to users.

``READINGS`` maps a topic to a list of short sentences; ``readings_html(topic)`` renders one
topic as an HTML list. The texts live in the data files (``livestock_notebooks/data/<game>/*.json``,
the readings whose ``odds_topic`` names the topic), so the House rules page lists them too: the
project-wide readings come from the project GUIDE (section 3); the others are choices made here
where the rulebooks leave a gap.

>>> list(READINGS)
['livestock_battle', 'super_army', 'space_pigs_combat', 'retreat', 'tech_wipeout']
>>> READINGS["super_army"][0]
'A Super Army rolls two dice instead of one.'
"""
from __future__ import annotations

import html

from ..core.data_files import readings

__all__ = ["READINGS", "readings_html"]


def _by_topic() -> dict[str, list[str]]:
    topics: dict[str, list[str]] = {}
    for reading in readings():
        if reading.topic:
            topics.setdefault(reading.topic, []).append(reading.reading)
    return topics


READINGS: dict[str, list[str]] = _by_topic()


def readings_html(topic: str) -> str:
    """One topic's readings as an HTML bullet list."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in READINGS[topic])
    return f"<ul class='livestock-readings'>{items}</ul>"
