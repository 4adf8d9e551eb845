"""Fuzzing everything a user can type or hand the referee: only the project's typed
errors may come out (:class:`~referee.errors.RefereeError`, and for rules lookup
:class:`rulesdb.RulesError`); never a ValueError, OverflowError, RecursionError,
KeyError, ...

``REFEREE_FUZZ_EXAMPLES`` sets the number of examples per test (the suite keeps it
small: 50, or 150 with ``REFEREE_THOROUGH=1``, see :func:`tests.conftest.examples`;
tests/benchmarks/fuzz.md records a bigger run)."""

from __future__ import annotations

import os
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import BadInputError, RefereeError
from referee.games import refereed
from referee.records import parse_record
from referee.replay import replay_record, setup

from .conftest import examples

EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", examples(150)))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# Pieces that broke parsers before: Unicode digits, huge numbers, NUL, quotes, brackets,
# separators, a BOM, line separators, very long words.
NASTY = ["²", "٣", "１", "9" * 30, "9" * 5000, "-1", "0", "\x00", '"', "\\", "[", "]", ";",
         ":", ">", "=", ",", "?", "\ufeff", "\u2028", "\r", "\t", "x" * 300, "é", "☃", "\x85",
         "1e9", "0x10", " ", "", "+", "*", "/", "..", "~0", "~nosuchuser/b.toml"]
# Letters, digits and the punctuation of every notation: most fuzz lands near real events.
ALPHABET = string.ascii_letters + string.digits + " :>=,;?-.\"'[]²٣\x00\n"


#: Headers for games whose sample record is not written yet.
FALLBACK = {"fight-or-flight": '[Game "fight-or-flight"]\n[Players "Ann, Ben, Cat"]\n'}


def samples():
    out = []
    for s in refereed():
        text = s.sample_text() or FALLBACK.get(s.name)
        if text is None:
            out.append(pytest.param(s, None, id=s.name, marks=pytest.mark.skip(reason="no sample record")))
        else:
            out.append(pytest.param(s, parse_record(text), id=s.name))
    return out


def vocabulary(record, game) -> list[str]:
    words = set()
    for line in record.events:
        words.update(line.text.split())
        words.update(part for w in line.text.split() for part in w.replace(">", " ").replace(":", " ").split())
    for option in game.legal_events():
        words.update(option.text.split())
    return sorted(words) + NASTY


def event_text(vocab: list[str]):
    word = st.one_of(st.sampled_from(vocab), st.text(alphabet=ALPHABET, max_size=6), st.text(max_size=4))
    joined = st.lists(word, min_size=0, max_size=6).map(" ".join)
    glued = st.lists(word, min_size=1, max_size=4).map("".join)
    return st.one_of(joined, glued, st.text(max_size=40))


@pytest.mark.parametrize("spec, record", samples())
def test_fuzzed_events_only_raise_typed_errors(spec, record):
    """Every refereed game, set up from its sample's header, at several points of its
    sample game: any text applied raises only the project's errors, and a refused
    event leaves the state unchanged."""
    base = setup(record)
    vocab = vocabulary(record, base)
    events = [line.text for line in record.events]

    @FUZZ
    @given(st.integers(0, len(events)), event_text(vocab))
    def check(upto, text):
        game = setup(record)
        for e in events[:upto]:
            game.apply(e)
        before = game.to_json()
        try:
            game.apply(text)
        except RefereeError:
            assert game.to_json() == before
        for option in game.legal_events()[:3]:  # the game is still usable
            assert option.text

    check()


def tag_value():
    return st.one_of(st.sampled_from(NASTY), st.text(alphabet=ALPHABET.replace("\n", ""), max_size=30),
                     st.text(max_size=10).filter(lambda t: "\n" not in t and "\r" not in t))


@pytest.mark.parametrize("spec, record", samples())
def test_fuzzed_headers_only_raise_typed_errors(spec, record, tmp_path, monkeypatch):
    """The sample's header with tags changed, dropped or added, then its first events."""
    monkeypatch.chdir(tmp_path)
    keys = list(record.tags) + ["HandSize", "OpeningClock", "Deck", "Variant", "Board", "Players", "Foo"]
    events = [line.text for line in record.events][:8]

    @FUZZ
    @given(st.dictionaries(st.sampled_from(keys), tag_value(), max_size=4), st.sets(st.sampled_from(keys)))
    def check(changed, dropped):
        tags = {k: v for k, v in record.tags.items() if k not in dropped or k == "Game"}
        tags.update({k: v for k, v in changed.items() if k != "Game"})
        text = "".join(f'[{k} "{v.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]\n'
                       for k, v in tags.items()) + "\n".join(events) + "\n"
        try:
            replay_record(parse_record(text, tmp_path / "r.rec"))
        except RefereeError:
            pass

    check()


@FUZZ
@given(st.lists(st.one_of(
    st.text(max_size=60),
    st.text(alphabet=ALPHABET, max_size=60),
    st.builds(lambda k, v: f'[{k} "{v}"]', st.text(alphabet=string.ascii_letters + "_-1 ", max_size=8),
              st.text(alphabet=ALPHABET.replace("\n", ""), max_size=20)),
    st.sampled_from(['[Game "fluffy"]', '[Game "fight-or-flight"]', '[Game "fof"]', "play F", "end",
                     "draw ? ? ? ? ?", "Ann: Heal", '[Players "Ann, Ben"]', "[", '["', '[Game "x" ; y]']),
), max_size=12))
def test_fuzzed_records_only_raise_typed_errors(lines):
    text = "\n".join(lines)
    try:
        record = parse_record(text)
    except BadInputError as exc:
        assert exc.line is not None
        return
    try:
        replay_record(record)
    except RefereeError:
        pass


def toml_value():
    scalar = st.one_of(st.integers(-10**20, 10**20).map(str), st.sampled_from(['"b3"', '"e²"', '"a0"', '"z99"',
                       '"' + "9" * 5000 + '"', "true", "1.5", '"\\u0000"', "[]", "{}"]),
                       st.text(alphabet=string.ascii_lowercase + string.digits, max_size=4).map(lambda t: f'"{t}"'))
    return st.recursive(scalar, lambda inner: st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
                        max_leaves=6)


def board_map():
    row = st.text(alphabet="+-|~=. TFX", min_size=0, max_size=13)
    return st.lists(row, min_size=0, max_size=9).map(lambda rows: 'map = """\n' + "\n".join(rows) + '\n"""\n')


@FUZZ
@given(st.one_of(
    st.text(max_size=200),
    st.builds(lambda name, m, graves: name + m + graves,
              st.sampled_from(["", 'name = "yard"\n', "name = 3\n", 'name = "' + "x" * 500 + '"\n']),
              board_map(),
              st.dictionaries(st.sampled_from(["George", "Romero", "Campbell", "Raimi", "Bob", "1"]),
                              toml_value(), max_size=5).map(
                  lambda d: "[graves]\n" + "".join(f"{k} = {v}\n" for k, v in d.items()))),
    st.integers(0, 3000).map(lambda n: "a = " + "[" * n + "]" * n + "\n"),
))
def test_fuzzed_boards_only_raise_typed_errors(text):
    from referee.games import spec

    for s in refereed():
        if not s.board:
            continue
        board_from_tags = s.load(s.board.rsplit(":", 1)[0] + ":board_from_tags")
        try:
            board_from_tags({"Board": "fuzz.toml", "BoardText": text})
        except BadInputError:
            pass
    assert spec("fluffy")


@settings(max_examples=min(EXAMPLES, 100), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=80), st.lists(st.sampled_from(
    NASTY + ["AND", "OR", "NOT", "NEAR", "*", '"', "(", ")", "^", "bounce", "zombie", "-", ":", "{", "}"]),
    max_size=8).map(" ".join)), st.sampled_from([None, "fluffy", "fight-or-flight", "zombies"]))
def test_fuzzed_rules_searches_only_raise_typed_errors(query, game):
    import rulesdb

    try:
        hits = rulesdb.search(query, game=game, limit=3)
    except (rulesdb.RulesError, RefereeError):
        return
    assert isinstance(hits, list)


COMMANDS = ["move", "show", "legal", "undo", "log", "games", "switch", "export", "replay", "new",
            "board", "check", "rules", "search", "show", "match", "fluffy", "fight-or-flight"]
OPTIONS = ["-g", "--game", "--json", "--expect", "--db", "-o", "--board", "--deck", "--fluffy",
           "--zombies", "--players", "--hand-size", "--tag", "--help", "-n", "--limit", "--variant"]


@settings(max_examples=int(os.environ.get("REFEREE_FUZZ_CLI_EXAMPLES", min(EXAMPLES, 60))), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(st.sampled_from(COMMANDS), st.sampled_from(OPTIONS), st.sampled_from(NASTY),
                          st.sampled_from(["1", "2", "play F", "end", "sample", "HandSize=²", "Board=\x00"]),
                          st.text(alphabet=ALPHABET, max_size=8)), min_size=1, max_size=5))
def test_fuzzed_command_lines_never_end_in_an_internal_error(tmp_path, argv):
    """Any command line: exit 0, 1 or 2 with at most one line of error, never exit 3
    (an internal error) and never a traceback."""
    from .conftest import CliRunner

    from referee.cli import app

    if "--help" in argv or any("\x00" in a for a in argv):  # help pages; argv cannot hold NUL
        return
    result = CliRunner().invoke(app, ["--db", str(tmp_path / "fuzz.db"), *argv])
    assert result.exit_code in (0, 1, 2), (argv, result.output)
    assert "Traceback" not in result.output


@pytest.mark.parametrize("spec, record", samples())
def test_fuzzed_events_through_move_and_replay_leave_a_store_that_replays(spec, record, tmp_path):
    """Every game: a stored game at some point of its sample takes fuzzed events through
    `move` (``session.enter``, what the command runs) and a record of the same events
    goes through `replay`.  Only typed errors, never an internal one (exit 3: an
    accepted event whose stored text does not replay); afterwards the store replays to
    the same state, and its export replays to it too."""
    from referee import session
    from referee.records import format_record
    from referee.store import Store

    from .storecheck import assert_store_replays, enter_all

    store = Store(tmp_path / "fuzz.db")
    header = {k: v for k, v in record.tags.items() if k != "Game"}
    base = setup(record)
    vocab = vocabulary(record, base)
    events = [line.text for line in record.events]

    @settings(max_examples=max(EXAMPLES // 5, 10), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(st.integers(0, len(events)), st.lists(st.one_of(event_text(vocab), st.sampled_from(events)),
                                                 min_size=1, max_size=4))
    def check(upto, texts):
        # the sample's first ``upto`` events stored in one transaction (as `import` does:
        # each checked by a replay first), then the fuzzed ones entered one by one as `move`
        # enters them: the events under test
        prefix = format_record({"Game": spec.name, **header}, [(e, "") for e in events[:upto]])
        gid, _ = session.import_record(store, parse_record(prefix))
        loaded = session.load(store, gid)
        enter_all(store, loaded, texts)
        assert_store_replays(store, loaded, tmp_path)  # the store replays, and its export
        text = format_record({"Game": spec.name, **header}, [(e, "") for e in events[:upto] + texts
                                                             if e.strip() and "\n" not in e and ";" not in e])
        try:
            replay_record(parse_record(text))
        except RefereeError:
            pass

    check()
