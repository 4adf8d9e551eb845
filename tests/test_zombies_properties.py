"""Properties of the Zombies!!! quick-play referee over random legal play (hypothesis):
the books stay within the rules' numbers after every event, every listed event applies
as written, a refused event changes nothing, a game exports to a record that replays to
the same state, the text the engine returns for an accepted event re-applies to the
position before it, and fuzzed event text only ever raises the project's typed errors."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RefereeError
from referee.games.zombies.engine import LIFE_CAP, Game
from referee.records import format_record, parse_record
from referee.replay import replay_record

from .conftest import examples

SETUPS = [
    {"Players": "Ann, Ben, Cat", "Tiles": "14"},
    {"Players": "Ann, Ben", "Tiles": "10", "Events": "8"},
    {"Players": "A, B, C, D", "Expansions": "the-end, zombie-corps"},
    {"Players": "A, B, C, D, E", "Expansions": "schools-out", "Tiles": "16"},
    {"Players": "A, B, C", "Expansions": "mall-walkers, six-feet-under", "Events": "12"},
]


def check_invariants(game: Game) -> None:
    s = game.to_json()
    for p in s["players"].values():
        assert 0 <= p["life"] <= LIFE_CAP and p["ammo"] >= 0 and p["kills"] >= 0
        assert 0 <= p["hand"] <= 5  # three, or the guts (at most five)
        assert p["in_play"] == sorted(p["in_play"], key=str.lower)
        assert len({c.lower() for c in p["in_play"]}) == len(p["in_play"])
    assert s["zombies_in_play"] >= 0 and s["tiles_left"] >= 0 and s["events_left"] >= 0
    assert min(s["tokens"].values()) >= 0
    assert s["helipad"] in ("unseen", "placed", "gone")
    if s["over"]:
        assert s["winner"] in s["players"] and s["next"] is None and s["step"] is None
        assert game.legal_events() == []
    else:
        assert s["step"] in ("tile", "bid", "fight", "draw", "roll", "move", "discard")  # ruling 16
    if game.allowance is not None:
        assert 0 <= game.moved <= game.allowance


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup=st.sampled_from(SETUPS))
def test_random_legal_play_keeps_the_books(data, setup):
    game = Game.from_tags(dict(setup))
    lines = []
    for _ in range(data.draw(st.integers(20, 120), label="steps")):
        legal = game.legal_events()
        if not legal:
            break
        # mostly the turn's own events, so games move on
        turn = [o for o in legal if not any(w in o.text for w in (' event "', ' item "', ' drop "'))]
        pool = turn if turn and data.draw(st.integers(0, 9), label="turn?") else legal
        pick = data.draw(st.sampled_from(pool), label="event")
        applied = game.apply(pick.text)
        assert applied.text == pick.text
        lines.append((applied.text, "; ".join(applied.notes)))
        check_invariants(game)
    text = format_record({"Game": "zombies", **game.tags()}, lines)
    again = replay_record(parse_record(text))
    assert again.error is None and again.game.to_json() == game.to_json()


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_refused_events_change_nothing(data):
    game = Game.from_tags({"Players": "Ann, Ben, Cat", "Tiles": "14"})
    for _ in range(data.draw(st.integers(0, 40), label="steps")):
        legal = game.legal_events()
        if not legal:
            break
        game.apply(data.draw(st.sampled_from(legal)).text)
    for b in game.blocked_events():
        before = game.to_json()
        try:
            game.apply(b.event)
        except RefereeError as exc:
            assert exc.rule == b.rule
        assert game.to_json() == before


WORDS = ["Ann:", "Ben:", "Cat:", "tile", "road", "none", "discard", '"Toy Store"', "z=4", "ammo=1",
         "life=1", "dogs=2", "fight", "dog", "enhanced", "ammo", "life", "draw", "roll", "move",
         "pick", "town-square", "helipad", "zombies", "5:", "2", "1", "3", "0", "7", "-1", "+1",
         "end", "event", "item", "drop", "adjust", "kills", "spell", "bid", "pass", ":", '"', "x"]


@settings(max_examples=examples(200), deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=7), junk=st.text(max_size=12))
def test_fuzzed_events_raise_only_typed_errors(words, junk):
    game = Game.from_tags({"Players": "Ann, Ben, Cat", "Expansions": "the-end, schools-out"})
    for text in (" ".join(words), " ".join(words) + junk, junk):
        before = game.to_json()
        try:
            game.apply(text)
        except RefereeError:
            assert game.to_json() == before


# -- the canonical text re-applies (issue 24) ---------------------------------------------

TILE_DATA = ('"Toy Store" = {z = 4, ammo = 1, life = 1}\n'
             '"Army Surplus" = {z = 3, ammo = 2, life = 0, enhanced = 1}\n'
             '[Warehouse]\nz = 6\n')
CANON_SETUPS = [
    {"Players": "Ann, Ben", "Tiles": "10", "Events": "8"},
    {"Players": "Ann, Ben, Cat", "Expansions": "zombie-corps, the-end", "Tiles": "14",
     "TileData": "box.toml", "TileDataText": TILE_DATA},
    {"Players": "Ann, Ben", "Expansions": "schools-out", "Events": "9", "TileData": "box.toml",
     "TileDataText": TILE_DATA.replace(", enhanced = 1", "")},
]


def variants(text: str) -> list[str]:
    """Other ways a table may write the event ``text`` (case, spacing, order, counts the
    tile data gives, a payment the rules leave no choice in, an unquoted card)."""
    out = [text.lower(), "  " + text.replace(" ", "  ") + " "]
    who, _, rest = text.partition(": ")
    words = rest.split(" ")
    if words[0] == "fight" and words[-1] in ("ammo", "life"):
        out.append(f"{who}: " + " ".join(words[:-1]))
    if words[0] == "zombies" and ":" in rest:
        head, _, split = rest.partition(": ")
        out.append(f"{who}: {head}: " + " ".join(reversed(split.split())))
    if words[0] == "tile" and rest.startswith('tile "'):
        name = rest.split('"')[1]
        out += [f"{who}: tile {name}", f'{who}: tile "{name.upper()}"']
    if words[0] in ("event", "item", "drop"):
        out.append(f"{who}: {words[0]} " + rest.split('"')[1].lower())
    return out


EXTRA = ['{who}: item "Chainsaw"', '{who}: fight {r} +{b} "chainsaw"', '{who}: fight {r} +{b} "Chainsaw" ammo',
         '{who}: fight {r} +{b} "CHAINSAW" life', '{who}: fight {r} dog +{b} "Chainsaw"',
         '{who}: tile "Army Surplus"', '{who}: tile warehouse ammo=1 life=0', '{who}: draw {b}',
         '{who}: reshuffle', '{who}: event "Fear"', '{who}: adjust hand +1']


def clone(game: Game) -> Game:
    import copy

    return copy.copy(game)  # the state is frozen: a copy replaces it, never changes it


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), setup=st.sampled_from(CANON_SETUPS))
def test_every_accepted_event_text_reapplies_to_the_position_before(data, setup):
    game = Game.from_tags(dict(setup))
    lines = []
    for _ in range(data.draw(st.integers(20, 90), label="steps")):
        legal = game.legal_events()
        if not legal:
            break
        base = data.draw(st.sampled_from(legal), label="legal").text
        who = game.players[game.to_move].name
        # one roll and one bonus a step: the event drawn below uses one template, and a
        # hypothesis draw costs more than the step (it was two draws for every template)
        r, b = data.draw(st.integers(1, 6), label="r"), data.draw(st.integers(1, 3), label="b")
        pool = [base] + variants(base) + [t.format(who=who, r=r, b=b) for t in EXTRA]
        text = data.draw(st.sampled_from(pool), label="event")
        before = clone(game)
        try:
            applied = game.apply(text)
        except RefereeError:
            assert game.state == before.state
            continue
        again = before.apply(applied.text)
        assert again.text == applied.text, (text, applied.text, again.text)
        assert before.state == game.state, (text, applied.text)
        lines.append((applied.text, "; ".join(applied.notes)))
    # the events, written as a record and read back (comments, quotes), replay too
    record = parse_record(format_record({"Game": "zombies", **game.tags()}, lines))
    replayed = Game.from_tags(dict(setup))
    for line in record.events:
        replayed.apply(line.text)
    assert replayed.to_json() == game.to_json()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(setup=st.sampled_from(SETUPS), lines=st.lists(st.lists(st.sampled_from(WORDS), max_size=7).map(" ".join),
                                                     max_size=6))
def test_fuzzed_events_through_move_leave_a_store_that_replays(tmp_path, setup, lines):
    from .storecheck import enter_and_check

    enter_and_check(tmp_path / "z.db", "zombies", dict(setup), ["Ann: roll", "A: roll", *lines])
