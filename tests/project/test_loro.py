"""benchmarks/loro.py: each dataset is scored at the setting chosen without it, and a knob's
value is restored after its point."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import loro  # noqa: E402  (benchmarks/loro.py)


def _outcome(scores):
    knob = loro.parse_knob("coherence.WEIGHT=0.0")
    points = loro.grid([knob])
    outcome = loro.Outcome(points)
    for name, (current, other) in scores.items():
        outcome.scores[name] = {points[0].label: current, points[1].label: other}
        outcome.languages[name] = {"a": "Go", "b": "Rust", "c": "Go"}[name]
        outcome.files[name] = 5000 if name == "a" else 10
    return outcome, points


def test_each_dataset_is_scored_at_the_point_the_others_chose():
    # b alone prefers the other point; a and c prefer the current one.
    outcome, points = _outcome(
        {"a": ([1.0, 1.0], [0.5, 0.5]), "b": ([0.2, 0.2], [0.9, 0.9]), "c": ([0.8], [0.6])}
    )
    held = {row.dataset: row for row in loro.leave_one_out(outcome)}
    assert held["b"].chosen == "current" and held["b"].loro == [0.2, 0.2]
    # Without a, b and c prefer the other point (0.75 against 0.5), which a scores 0.5 at.
    assert held["a"].chosen == "coherence.WEIGHT=0.0" and held["a"].loro == [0.5, 0.5]
    report = loro.summary(outcome)
    assert report["all"]["loro"] == round((0.5 * 2 + 0.2 * 2 + 0.6) / 5, 4)
    assert report["all"]["in_sample"] == round((1.0 * 2 + 0.2 * 2 + 0.8) / 5, 4)
    assert report["large"]["datasets"] == 1
    assert report["halves"] == {"Go": "A", "Rust": "B"}


def test_a_point_sets_its_values_and_restores_them():
    from prx.engine.ranking.stages import CoherenceReranker
    from prx.engine.retrieval import fusion

    before = CoherenceReranker.WEIGHT
    knob = loro.parse_knob("coherence.WEIGHT=0.0")
    table = loro.parse_knob("prx.engine.retrieval.fusion:_WEIGHTS[hybrid][dense]=0.1")
    constant = loro.parse_knob("prx.engine.retrieval.fusion:RRF_K=7")
    dense = fusion._WEIGHTS["hybrid"]["dense"]
    with loro.applied(loro.Point(((knob, 0.0), (table, 0.1), (constant, 7)))):
        assert CoherenceReranker.WEIGHT == 0.0
        assert fusion._WEIGHTS["hybrid"]["dense"] == 0.1 and fusion.RRF_K == 7
    assert CoherenceReranker.WEIGHT == before
    assert fusion._WEIGHTS["hybrid"]["dense"] == dense and fusion.RRF_K == 60
