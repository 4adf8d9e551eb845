"""Properties of Zombie Attack over random legal play and fuzzed event text (hypothesis).

Each example sets a game up with random variants (players, board, deck, the five
variant tags), plays it by picking among ``legal_events()`` and checks after every
event: the cards are conserved, the pile is empty only with the discard pile, humans
never share a square, no two zombies share a square off the exits, cards stay within
the hand limit, only humans in rooms hide; a finished game lists no event; the events
exported as a record replay to the same state.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import BadInputError, IllegalEventError
from referee.games.zombie_attack.engine import Game, Walk
from referee.grid import square_name
from referee.records import format_record, parse_record
from referee.replay import replay_record

from .conftest import FIXTURES, examples

HOUSE = FIXTURES / "zombie-attack" / "house.toml"
HOUSE_TEXT = HOUSE.read_text(encoding="utf-8")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Finn"]


@st.composite
def setups(draw) -> dict[str, str]:
    board = draw(st.sampled_from(["house", "default"]))
    most = 4 if board == "house" else 6
    tags = {"Players": ", ".join(NAMES[:draw(st.integers(2, most))])}
    if board == "house":
        tags.update(Board=str(HOUSE), BoardText=HOUSE_TEXT)
    else:
        tags["Board"] = "default"
    if draw(st.booleans()):
        tags["Deck"] = "Empty=3 Hiding=3 Weapon=3 Key:front=2 Key:back=2 Key:fire=2"
    for key, value in (("Empty", "out"), ("Keep", "2"), ("Hiding", "halt"), ("ZombieReturn", "door")):
        if draw(st.booleans()):
            tags[key] = value
    if draw(st.booleans()):
        tags["Zombies"] = str(draw(st.integers(1, 6)))
    weapon_humans = draw(st.sampled_from([None, "out", "closet"]))
    if weapon_humans:
        tags["WeaponHumans"] = weapon_humans
    # the small deck without its 3 Empty cards holds 12: too few for six players keeping
    # two each (the deck-minimum ruling, tested on its own in test_zombie_attack.py)
    players = tags["Players"].count(",") + 1
    if "Deck" in tags and tags.get("Empty") == "out" and players * int(tags.get("Keep", 1)) + 1 > 12:
        del tags["Empty"]
    return tags


def check_invariants(game: Game) -> None:
    s, m = game.s, game.mansion
    held = Counter(c for p in s.players for c in p.cards)
    total = Counter({c: n for c, n in game.composition.items() if n})
    assert s.pile + s.discard + held == total, "cards appeared or vanished"
    assert sum(s.pile.values()) or not sum(s.discard.values()), "the pile is empty beside discards"
    humans = [p.at for p in s.players if p.human and p.at is not None]
    assert len(humans) == len(set(humans)), "two humans share a square"
    zombies = Counter(z.at for z in s.zombies if z.at is not None and m.kind[z.at] != "exit")
    assert all(n == 1 for n in zombies.values()), "two zombies share a square off the exits"
    for p in s.players:
        assert len(p.cards) <= game.keep
        if not p.human:
            assert p.cards == []
        if p.hiding:
            assert m.room_of(p.at) is not None
        if p.at is not None:
            assert m.kind[p.at] != "table"
    if game.over:
        assert game.legal_events() == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tags=setups(), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_the_invariants_and_replays(tags, seed):
    rng = random.Random(seed)
    game = Game.from_tags(tags)
    texts = []
    for _ in range(250):
        legal = game.legal_events()
        if not legal:
            break
        pick = rng.choice(legal)
        applied = game.apply(pick.text)
        assert applied.text == pick.text
        texts.append(applied.text)
        check_invariants(game)
    header = {k: v for k, v in game.tags().items()}
    record = parse_record(format_record({"Game": "zombie-attack", **header}, [(t, "") for t in texts]),
                          HOUSE if "BoardText" in tags else None)
    again = replay_record(record)
    assert again.error is None, again.error
    assert again.game.to_json() == game.to_json()


WORDS = ["Ann:", "Ben:", "Zed:", "ann:", "start", "roll", "stop", "to", "zombie", "N", "E", "S", "W",
         "x", "1", "3", "6", "9", "0", "-2", "a1", "c3", "d1", "z9", "a0", "keep", "discard", "drop",
         "Empty", "Hiding", "Weapon", "Key:front", "Key:back", "key:FIRE", "Key:", "front", "back",
         "fire", ":", "::", "roll roll", "\t", "é", "[", "]", ";", '"']


@settings(max_examples=examples(200), deadline=None)
@given(words=st.lists(st.sampled_from(WORDS), max_size=9), junk=st.text(max_size=20),
       moves=st.integers(0, 12))
def test_fuzzed_events_raise_only_typed_errors_and_refusals_change_nothing(words, junk, moves):
    game = Game.from_tags({"Players": "Ann, Ben", "Board": str(HOUSE), "BoardText": HOUSE_TEXT})
    rng = random.Random(moves)
    for _ in range(moves):
        legal = game.legal_events()
        if legal:
            game.apply(rng.choice(legal).text)
    for text in (" ".join(words), junk, " ".join(words) + junk):
        before = game.to_json()
        try:
            game.apply(text)
        except (BadInputError, IllegalEventError):
            assert game.to_json() == before


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(tags=setups(), lines=st.lists(st.one_of(
    st.lists(st.sampled_from(WORDS), max_size=9).map(" ".join),
    st.sampled_from(["Ann: start d9", "Ben: start c3", "Ann: roll", "Ann: roll 6", "Ann: N", "Ann: stop",
                     "Zed: zombie f1 roll 3 N N W"])), max_size=8))
def test_fuzzed_events_through_move_leave_a_store_that_replays(tmp_path, tags, lines):
    from .storecheck import enter_and_check

    enter_and_check(tmp_path / "za.db", "zombie-attack", dict(tags), lines)


def all_walks(game: Game, z, depth: int = 6) -> list[tuple[tuple[str, ...], bool]]:
    """Every path zombie ``z`` can walk, up to ``depth`` steps, each with whether a Weapon
    ends it (found step by step with the engine's own step check, not its search).  The
    check is ``walks.follow``, which ``Game._walk`` calls; the zombie's context (the
    squares blocked, the humans, the closed rooms) is the same for every path, so it is
    worked out once, not once for each of the thousands of paths."""
    from referee.games.zombie_attack.walks import context, follow

    zi = game._zi(z)
    ctx = context(game.mansion, game.state, zi)
    out = []

    def grow(path):
        for f in "NESW":
            walk = follow(game.mansion, game.state, zi, (*path, f), depth, ctx)
            if not isinstance(walk, Walk):
                continue
            out.append(((*path, f), walk.destroyed_by is not None))
            if walk.destroyed_by is None and len(path) + 1 < depth:
                grow((*path, f))

    out.append(((), False))
    grow(())
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tags=setups(), seed=st.integers(0, 2**32 - 1))
def test_ruling_17_zombie_moves_are_exactly_the_walks_the_ruling_allows(tags, seed):
    """Ruling 17 by enumeration: a walk into a Weapon is legal at any length up to the
    roll; any other walk must have the roll, or else the longest length any walk reaches
    (a walk into a Weapon counted to the armed human); a refusal's example path applies
    and has the length it claims."""
    rng = random.Random(seed)
    game = Game.from_tags(tags)
    for _ in range(150):
        legal = game.legal_events()
        if not legal:
            break
        s = game.s
        if s.phase == "zombies" and not s.pending:
            z = rng.choice([z for z in s.zombies if not z.moved and z.at is not None])
            roll = rng.randint(1, 6)
            walks = [(p, cut) for p, cut in all_walks(game, z) if len(p) <= roll]
            longest = max(len(p) for p, _cut in walks)
            head = f"{s.players[game.mover()].name}: zombie {square_name(z.at)} roll {roll}"
            for path, cut in rng.sample(walks, min(len(walks), 30)):
                if not path and longest:
                    continue                              # a path left out is asked for
                allowed = cut or len(path) == longest
                try:
                    game._try(f"{head} {' '.join(path)}".rstrip())
                    assert allowed, (head, path, longest)
                except IllegalEventError as err:
                    assert not allowed, (head, path, err.message)
                    assert err.rule == "zombie-attack.ruling.zombie-exact-roll"
                    example = err.message.split("(e.g. ")[1].split(")")[0].split(",")[0].split()
                    claimed = roll if "exactly" in err.message else int(err.message.split("longest is ")[1].split()[0])
                    assert len(example) == claimed == longest
                    game._try(f"{head} {' '.join(example)}")
        game.apply(rng.choice(legal).text)
