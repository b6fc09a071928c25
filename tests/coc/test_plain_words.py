"""Everything a person reads speaks the game's language, never internal ids.

Random games are played; at every step the prompt, every button label and every log
line are scanned, and a few malformed or out-of-turn keys are refused and their
reasons scanned too, for id-shaped tokens: snake_case ids (``bumper_crop``), copy
numbers (``#0``), group codes (``a1s1``), unit ids (``u12``), Python error text; and
"a" before a vowel ("a army").
"""

import re

import pytest

from clash_widget.bots import RandomBot
from clash_widget.engine import Match

ID_SHAPED = re.compile(
    r"\b[a-z]+_[a-z_]+\b|#\d|\b(?:[ash]\d)+\b|\bu\d+\b|jsnull|Traceback|invalid literal"
    r"|KeyError|object has no attribute|\(s\)|barbarians rolls"
    r"|\b1 (?:hits|actions|culture tokens|mood tokens|armies|settlers|ships)\b"
    r"|\b[Aa] [aeioAEIO]\w*"  # "a army", "a academy": the article before a vowel is "an"
)
# Keys a person might type by mistake; their refusals must read as plain words too.
PROBES = ["build army", "research democracy", "found 1,1,1", "unit wizard", "move now", "orient 7"]


def _scan(text: str, where: str, found: list[str]) -> None:
    for token in ID_SHAPED.findall(text):
        found.append(f"{where}: {token!r} in {text!r}")


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_plain_words_in_prompts_labels_log_and_refusals(players, seed):
    m = Match.new("coc", players, seed, keep_undo=False)
    bot = RandomBot(seed)
    found: list[str] = []
    steps = 0
    while not m.is_over and steps < 1500:
        view = m.view(None)
        _scan(view["prompt"], "prompt", found)
        for item in view["legal"]:
            _scan(item["label"], "label", found)
        if steps % 25 == 0:
            for key in PROBES:
                verdict = m.check(key)
                if verdict is not None:
                    # The rule id itself is shown apart from the reason; the reason is prose.
                    _scan(verdict.reason.replace(verdict.rule_id, ""), "refusal", found)
        out = m.play(bot.choose(m.game, m.state, m.legal_actions()))
        for event in out.events:
            _scan(event.get("text", ""), "log", found)
        steps += 1
    assert steps > 100
    assert not found, "\n".join(sorted(set(found))[:20])
