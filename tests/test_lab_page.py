"""The balance lab page (widgets/lab.py): it opens on the shipped finished studies with a chart
per answer, a run moves the progress bar, and a finished study is saved and shown on reopening."""
from __future__ import annotations

import pytest

pytest.importorskip("pandas")

from livestock_notebooks.lab import studies  # noqa: E402
from livestock_notebooks.widgets.lab import CARDS_EACH_END, BalanceLab  # noqa: E402


@pytest.fixture(autouse=True)
def lab_folder(tmp_path, monkeypatch):
    monkeypatch.setenv(studies.LAB_DIR_ENV, str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("study", studies.STUDIES, ids=[s.key for s in studies.STUDIES])
def test_each_study_ships_finished_and_opens_with_its_charts(study):
    page = BalanceLab()
    page.study.value = study.key
    assert page.shown is not None and page.shown["shipped"]
    assert page.shown["games"] >= study.experiment.games
    assert "shipped with the app" in page.status.value
    assert len(page.charts.children) == len(page.shown["answers"]) >= 4
    for chart in page.charts.children:
        bars, whiskers = chart.marks
        assert len(bars.y) == len(whiskers.y) > 0
        assert all(low <= rate <= high for rate, (low, high) in zip(bars.y, whiskers.y))


def test_the_card_chart_shows_the_cards_doing_best_and_worst():
    page = BalanceLab()
    page.study.value = "battlegoats_cards"
    titles = [chart.title for chart in page.charts.children]
    cards = page.charts.children[next(i for i, t in enumerate(titles) if "card" in t.lower())]
    assert len(cards.marks[0].y) == 2 * CARDS_EACH_END
    assert list(cards.marks[0].y[:CARDS_EACH_END]) != list(cards.marks[0].y[CARDS_EACH_END:])


def test_a_study_run_here_is_saved_and_shown_again_on_reopening(lab_folder):
    def serial(key, games, workers, progress):  # the real study, played in this process
        return studies.run_study(key, games, scheduler="serial", progress=progress)

    page = BalanceLab(serial)
    page.study.value = "livestock_factions"
    page.games.value = 12
    result = page.run()
    assert result is not None and result["games"] == 12
    assert page.progress.bar.value == page.progress.bar.max == 12
    assert "saved on this computer" in page.status.value and "12 games" in page.status.value
    assert (lab_folder / "livestock_factions.json").is_file()
    again = BalanceLab()
    again.study.value = "livestock_factions"
    assert again.shown is not None and again.shown["games"] == 12 and not again.shown["shipped"]
    faction_chart = again.charts.children[0]
    assert set(faction_chart.axes[0].tick_labels.values()) <= {"chickens", "cows", "goats", "pigs"}


def test_a_run_that_cannot_start_says_so_and_keeps_the_last_answers():
    def broken(key, games, workers, progress):
        raise OSError("no scheduler at tcp://10.0.0.1:8786")

    page = BalanceLab(broken)
    shown = page.shown
    assert page.run() is None
    assert "could not run" in page.status.value and "tcp://10.0.0.1:8786" in page.status.value
    assert page.shown is shown and not page.run_button.disabled
