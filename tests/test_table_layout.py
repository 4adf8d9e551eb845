"""At the table (issue 14): every picture fits the terminal it is printed in, shows what
the players need (legend, plays this turn, sprint, discard pile), and every hint it
gives is a legal event."""

from __future__ import annotations

import random

import pytest
from rich.cells import cell_len
from rich.console import Console

from referee.games import spec
from referee.replay import replay_record, sample_record

SIZES = [(80, 24), (120, 40)]


def lines_of(renderable, width: int, height: int) -> list[str]:
    console = Console(width=width, height=height, record=True, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text().rstrip("\n").split("\n")


def fluffy_positions(n: int = 12, seed: int = 3):
    """Positions along a random legal game on the default yard, and the sample's end."""
    game = spec("fluffy").new_game({"Board": "default"})
    rng = random.Random(seed)
    out = [game]
    import copy

    for _ in range(400):
        legal = game.legal_events()
        if not legal:
            break
        game.apply(rng.choice(legal).text)
        if rng.random() < 0.08:
            out.append(copy.deepcopy(game))
    out.append(game)
    out.append(replay_record(sample_record("sample-fluffy")).game)
    return out[:n] + out[-2:]


@pytest.mark.parametrize("width, height", SIZES)
def test_fluffy_picture_fits(width, height):
    render = spec("fluffy").render_module().render
    for game in fluffy_positions():
        lines = lines_of(render(game), width, height)
        assert max(cell_len(line) for line in lines) <= width  # columns on screen
        assert len(lines) <= height - 4, "\n".join(lines)  # room for summary, notes, prompt


def test_fluffy_compact_at_80x24_shows_every_rank_and_the_legend():
    game = spec("fluffy").new_game({"Board": "default"})
    text = "\n".join(lines_of(spec("fluffy").render_module().render(game), 80, 24))
    for rank in range(1, 13):
        assert f"{rank:>2}│" in text
    assert "♣ tree" in text and "✿ flower" in text and "══ gate" in text and "grave" in text
    assert "0 of 5 this turn" in text
    assert "sprint no (no zombie out)" in text and "discards 0" in text


def test_fluffy_full_layout_at_120x40_draws_the_edges():
    game = spec("fluffy").new_game({"Board": "default"})
    text = "\n".join(lines_of(spec("fluffy").render_module().render(game), 120, 40))
    assert "~~~" in text and "═══" in text and "~~~ bug" in text


def test_piece_on_the_flower_keeps_the_mark_in_the_panel():
    game = spec("fluffy").new_game({"Board": "default"})  # Fluffy starts on the flower
    text = "\n".join(lines_of(spec("fluffy").render_module().render(game), 80, 24))
    assert "l1 N, on the flower" in text


def test_render_takes_an_explicit_size():
    game = spec("fluffy").new_game({"Board": "default"})
    pic = spec("fluffy").render_module().render(game, width=80, height=24)
    # printed on a wide console, the picture still keeps to the size it was given
    lines = lines_of(pic, 200, 60)
    assert max(len(line.rstrip()) for line in lines) <= 80


def test_every_hint_is_a_legal_event():
    rend = spec("fluffy").render_module()
    seen_snag = seen_sprint = 0
    for seed in range(6):
        game = spec("fluffy").new_game({"Board": "default"})
        rng = random.Random(seed)
        for _ in range(300):
            legal = {o.text for o in game.legal_events()}
            for words, event in rend.hints(game):
                assert event in legal, (words, event)
                seen_snag += event == "snag"
                seen_sprint += event.startswith("sprint")
            if not legal:
                break
            game.apply(rng.choice(sorted(legal)))
    assert seen_snag  # the property was exercised on real hints


def test_turn_one_snag_is_not_hinted_with_a_full_zombie_hand():
    game = spec("fluffy").new_game({"Board": "default"})
    game.apply("play FR:F")
    assert "snag" not in {o.text for o in game.legal_events()}
    assert not any(e == "snag" for _, e in spec("fluffy").render_module().hints(game))
    text = "\n".join(lines_of(spec("fluffy").render_module().render(game), 80, 24))
    assert "snag" not in text


def test_discard_pile_counts_add_up():
    rend = spec("fluffy").render_module()
    game = spec("fluffy").new_game({"Board": "default"})
    assert rend.discard_pile(game) == (0, [])
    game.apply("play FR:F")
    assert rend.discard_pile(game) == (1, ["FR"])


# -- Fight or Flight ----------------------------------------------------------------------

def fof_game(players: int, cards: int, seed: int = 1):
    game = spec("fight-or-flight").new_game({"Players": ", ".join(f"P{i}" for i in range(players))})
    rng = random.Random(seed)
    for _ in range(cards):
        legal = [o.text for o in game.legal_events() if not o.text.endswith("stuck")]
        plays = [t for t in legal if ": show " not in t]
        pick = [t for t in legal if ": show " in t] if game.must_show is not None else plays
        feed = [t for t in pick if t.split(": ")[1].startswith("Provision")]
        if feed and not game.week_provisioned and game.day % 7 >= 4:
            pick = feed  # keep the group fed so the game runs long
        if not pick:
            break
        game.apply(rng.choice(pick))
    return game


@pytest.mark.parametrize("width, height", SIZES)
@pytest.mark.parametrize("players, cards", [(2, 10), (4, 30), (8, 60), (5, 0)])
def test_fight_or_flight_picture_fits(width, height, players, cards):
    game = fof_game(players, cards)
    lines = lines_of(spec("fight-or-flight").render_module().render(game), width, height)
    assert max(len(line) for line in lines) <= width, "\n".join(lines)
    assert len(lines) <= height - 4, "\n".join(lines)


def test_fight_or_flight_arrow_points_at_the_player_who_must_show():
    game = spec("fight-or-flight").new_game({"Players": "Ann, Ben"})
    for text in ["Ann: Provision", "Ben: Rest", "Ann: Rest", "Ben: Heal", "Ann: Heal", "Ben: Rest",
                 "Ann: Rest", "Ben: Provision", "Ben: show Heal", "Ann: Rest", "Ben: Heal shown"]:
        game.apply(text)
    assert game.must_show == 1 and game.turn == 0
    text = "\n".join(lines_of(spec("fight-or-flight").render_module().render(game), 80, 24))
    arrow = next(line for line in text.splitlines() if "▶" in line)
    assert "Ben" in arrow and "must show a new card first" in arrow
    assert "Now: Ben shows a new card; then Ann plays" in text


def test_compact_yard_marks_south_walls_and_bugs_in_plain_text():
    """Issue 25: a wall south of a square was shown only by underlining, lost with
    NO_COLOR, in a pipe or a copied screen.  On the 5x4 test yard a wall runs south of
    c2 and a bug south of c4; each must be readable in the exported plain text."""
    from tests.conftest import YARD_TEXT

    game = spec("fluffy").new_game({"Board": "yard.toml", "BoardText": YARD_TEXT})
    draw = spec("fluffy").render_module().draw_compact
    rows = {line[:2].strip(): line for line in draw(game.board).plain.split("\n")}
    # two characters a square and one for the east wall, after "NN│"
    def square(rank: str, file: int) -> str:
        return rows[rank][3 + 3 * file: 5 + 3 * file]

    assert square("2", 2) == "·_" and square("4", 2) == "·≈"
    assert square("3", 2) == "· " and square("1", 2) == "· "
    # a piece standing on c2 keeps the wall as a combining low line under its letters
    from referee.games.fluffy.engine import Zombie

    z = Zombie("George", (2, 1), "N")
    plain = draw(game.board, zombies={(2, 1): z}).plain
    assert "G\u0332↑\u0332" in plain


@pytest.mark.parametrize("hand, shown", [("6", "0 of 6 this turn"), ("4", "0 of 4 this turn"),
                                         ("5", "0 of 5 this turn")])
def test_the_plays_line_counts_against_the_hand_size(hand, shown):
    """Issue 25: hand size 6 showed "played 6 of 5", hand size 4 "played 0 of 5".
    Fluffy plays one card up to his hand size a turn (five by the rulebook)."""
    game = spec("fluffy").new_game({"Board": "default", "HandSize": hand})
    text = "\n".join(lines_of(spec("fluffy").render_module().render(game), 80, 24))
    assert shown in text
    assert game.rules.plays_per_turn == int(hand)
