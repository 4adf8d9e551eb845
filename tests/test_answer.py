"""Answering the question asked (rulesdb/answer.py, rulesdb/verdicts.py): reading a
yes/no question, stating a canonical question's verdict only when it answers this
question, the variants in play, and the read-only look at the game store."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesdb import Database
from rulesdb import answer as A
from rulesdb import verdicts as V

from .conftest import examples, shared_index  # noqa: E402


@pytest.mark.parametrize("question, yes_no, proposition", [
    ("can two zombies share a square", True, "can two zombies share a square"),
    ("Can't the dog leave?", True, "cant the dog leave?"),
    ("the zombie got Mike on its 2nd step, does it keep going?", True,
     "the zombie got mike on its 2nd step, does it keep going?"),
    ("he says rest alone recovers from combat, is that right?", True, "rest alone recovers from combat"),
    ("my friend claims the dog can leave any time", True, "the dog can leave any time"),
    ("two zombies on one square is fine, right?", True, "two zombies on one square is fine"),
    ("rest + rest good enough after a combat?", True, "rest + rest good enough after a combat?"),
    ("how many cards can fluffy hold", False, "how many cards can fluffy hold"),
    ("what happens when a zombie steps on the rose", False, "what happens when a zombie steps on the rose"),
    ("does it stop or keep going", False, "does it stop or keep going"),
    ("sprint", False, "sprint"),
    # a tag asking for the statement to be confirmed is not part of what is asked
    ("shambling is optional isn't it", True, "shambling is optional"),
    ("two players still get 4 cards each, dont they", True, "two players still get 4 cards each"),
    ("draw 2 and use em counts as one play, yeah", True, "draw 2 and use em counts as one play"),
    ("zombie wants to end on a square with another zombie, allowed", True,
     "zombie wants to end on a square with another zombie"),
    ("zombies still move the regular zombies right?", True, "zombies still move the regular zombies"),
    # ... but "right" after a word of direction, or in a question that asks itself, is asked
    ("can a zombie turn right", True, "can a zombie turn right"),
    ("does the first mover card pass to the right", True, "does the first mover card pass to the right"),
    ("fluffy can turn right?", True, "fluffy can turn right?"),
    # a statement ending in "?" asks whether it holds; a relative "who" does not ask
    ("zombie walked into my friend who had a weapon. that zombie is gone for good?", True,
     "zombie walked into my friend who had a weapon. that zombie is gone for good?"),
    ("my dog ran off the board, what happens?", False, "my dog ran off the board, what happens?"),
    # "so X" asks for X to be confirmed
    ("so i draw a card for every new square i step into", True,
     "so i draw a card for every new square i step into"),
    ("so what do i draw", False, "so what do i draw"),
    # "or what" / "or something" asks for a yes or a no; "or" between two answers does not
    ("deck ran out, do we reshuffle the played cards or what", True,
     "deck ran out, do we reshuffle the played cards or what"),
    ("does backtrack flip the direction for good, or just for one turn?", False,
     "does backtrack flip the direction for good, or just for one turn?"),
])
def test_reading_a_yes_no_question_and_what_it_asks_about(question, yes_no, proposition):
    q = A.read(question)
    assert q.yes_no is yes_no and q.proposition == proposition


@pytest.mark.parametrize("a, b, same", [
    ("can fluffy leave", "can fluffy leave", True),
    ("can fluffy leave", "can't fluffy leave", False),
    ("can fluffy leave", "can fluffy never leave", False),
    ("can fluffy leave without the tree", "can fluffy leave", False),
    ("does rest alone recover", "does rest recover", False),
    ("isn't it allowed", "is it not allowed", True),
])
def test_polarity_counts_negations_only_and_without_alike(a, b, same):
    assert (A.polarity(a) == A.polarity(b)) is same


def test_numbers_in_digits_words_and_ordinals():
    assert A.numbers("his 2nd step out of a roll of four") == {("=", 2), ("=", 4)}
    assert A.numbers("can two zombies share one square") == {("=", 2)}  # "one" is mostly "a"
    assert A.numbers("play three cards twice") == {("=", 3), ("=", 2)}


def _write(folder: Path, game: str, rows: list[tuple]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{game}.jsonl", "w") as fh:
        for q, verdict, entry in rows:
            fh.write(json.dumps({"q": q, "verdict": verdict, "entry": entry, "because": "b",
                                 "section": "s"}) + "\n")


def _verdict_index(tmp: Path, rows: list[tuple], empty_bank: bool = False) -> Database:
    """A database in ``tmp`` whose only canonical questions are Fluffy's ``rows``
    (``(q, verdict, entry)``), and no banked questions when ``empty_bank``; opened, on
    the index built once a run from these inputs (conftest.shared_index: the module's
    tests are spread over the xdist workers)."""
    _write(tmp / "verdicts", "fluffy", rows)
    bank = None
    if empty_bank:
        bank = tmp / "bank.jsonl"
        bank.write_text("")
    return shared_index(Database(index_path=tmp / "index.sqlite", imports_path=tmp / "none.db",
                                 verdicts_dir=tmp / "verdicts", bank_path=bank))


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    d = _verdict_index(tmp_path_factory.mktemp("answer"), [
        ("can two zombies stand on one square", "no", "fluffy.zombie-block"),
        ("can fluffy move diagonally", "no", "fluffy.facing"),
        # the data contradicts itself here: no verdict may come of it
        ("is the gate a wall for zombies", "yes", "fluffy.gate"),
        ("is the gate a wall for zombies", "no", "fluffy.gate"),
    ])
    yield d
    d.close()


def test_a_verdict_for_a_rewording_of_a_canonical_question(db):
    v = A.match(db, A.read("Can two zombies stand on one square??"), "fluffy")
    assert v is not None and v.verdict == "no" and v.canonical.entry == "fluffy.zombie-block"
    assert v.similarity >= A.VERDICT_FLOOR


@pytest.mark.parametrize("question", [
    "can two zombies not stand on one square",     # polarity
    "can three zombies stand on one square",       # numbers
    "can two zombies stand on one square or not?",  # fine: "or not" keeps it yes/no ...
])
def test_the_gates_on_polarity_and_numbers(db, question):
    v = A.match(db, A.read(question), "fluffy")
    if question.endswith("or not?"):
        assert v is not None and v.verdict == "no"  # ... and its polarity
    else:
        assert v is None


def test_no_verdict_from_contradicting_canonical_questions(db):
    assert A.match(db, A.read("is the gate a wall for zombies"), "fluffy") is None


def test_no_verdict_for_a_question_that_is_not_yes_no(db):
    assert A.match(db, A.read("how do two zombies stand on one square"), "fluffy") is None


def test_a_variant_in_play_withholds_the_verdicts_on_what_it_changes(db):
    normal = A.ask(db, "can fluffy move diagonally", "fluffy", tags={})
    assert normal.verdict is not None and normal.verdict.verdict == "no"
    withheld = A.match(db, A.read("can fluffy move diagonally"), "fluffy",
                       overridden=frozenset({"fluffy.facing"}))
    assert withheld is None


def test_variants_table_names_existing_entries_and_tags_put_them_in_play():
    import rulesdb

    table = V.variants()
    ids = {e.id for e in rulesdb.load_entries()}
    assert table and all(eid in ids and set(v.overrides) <= ids for eid, v in table.items())
    keep = table["zombie-attack.variant.two-cards"]
    assert keep.in_play({"Keep": "2"}) and not keep.in_play({}) and not keep.in_play({"Keep": "1"})
    casual = table["fight-or-flight.variant.casual"]
    assert casual.in_play({}) and casual.in_play({"Variant": "casual"})
    assert not casual.in_play({"Variant": "experienced heal=2"})
    assert table["fight-or-flight.variant.experienced"].in_play({"Variant": "experienced heal=2"})


def test_entries_of_variants_not_in_play_come_after_the_others(db):
    question = "can I hold six cards as fluffy with the hand size handicap"
    free = [h.id for h in A.ask(db, question, "fluffy", limit=8).hits]
    in_game = [h.id for h in A.ask(db, question, "fluffy", tags={}, limit=8).hits]
    assert "fluffy.variant.hand-size" in free[:2]
    v = "fluffy.variant.hand-size"  # not in play: after every other hit, or left out
    assert v not in in_game or in_game.index(v) > free.index(v)
    variants = set(V.variants())  # none in play: the other hits keep their order, first
    assert [h for h in free if h not in variants][:3] == in_game[:3]
    assert A.ask(db, question, "fluffy", tags={"HandSize": "6"}, limit=8).hits[0].id == free[0]


def test_the_deciding_sentence_is_chosen_for_the_question(db):
    entry = db.get("fight-or-flight.recovery.combat")
    first = A.sentences_of(entry.text)[0]
    chosen = A.deciding_sentence(db, "rest + rest good enough to patch up after a combat?", entry)
    assert chosen != first and "Rest+Rest is not enough" in chosen


def test_canonical_rows_are_checked(tmp_path):
    _write(tmp_path, "fluffy", [("can fluffy sprint", "maybe", "fluffy.sprint")])
    with pytest.raises(ValueError, match="fluffy.jsonl:1"):
        V.load(tmp_path)
    assert V.load(tmp_path / "none") == []


@pytest.mark.parametrize("path", sorted(V.VERDICTS_DIR.glob("*.jsonl")), ids=lambda p: p.stem)
def test_shipped_canonical_questions_name_existing_entries_of_their_game(path):
    import rulesdb

    ids = {e.id for e in rulesdb.load_entries()}
    rows = V.load(path.parent)
    mine = [r for r in rows if r.game == path.stem]
    assert mine and path.stem in rulesdb.GAMES
    assert all(r.entry in ids and r.entry.startswith(r.game + ".") for r in mine)


def test_peek_current_reads_the_store_and_never_creates_one(tmp_path):
    from referee.store import Store, peek_current

    assert peek_current(tmp_path / "none.db") is None and not (tmp_path / "none.db").exists()
    store = Store(tmp_path / "games.db")
    gid = store.create_game("zombie-attack", {"Players": "Ann, Ben", "Keep": "2"})
    store.switch(gid)
    store.close()
    before = (tmp_path / "games.db").read_bytes()
    found = peek_current(tmp_path / "games.db")
    assert found is not None and found.id == gid and found.game == "zombie-attack"
    assert found.tags["Keep"] == "2"
    assert (tmp_path / "games.db").read_bytes() == before
    (tmp_path / "junk.db").write_text("junk")
    assert peek_current(tmp_path / "junk.db") is None


def test_too_many_reads_as_a_negation():
    # "is four too many" asks the opposite of "can I hold four": a canonical "can I hold
    # 4 event cards" (no) must not answer it
    assert A.polarity("is four event cards in hand too many") != A.polarity("can i hold 4 event cards")


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=80), st.lists(st.sampled_from(
    ["can", "can't", "he says", "is that right", "right?", "or", "not", "too many", "2nd", "?", ",",
     "zombie", "\x00", "é", "東", "(", '"', "only", "without"]), max_size=10).map(" ".join)),
    st.sampled_from([None, "fluffy", "zombie-attack"]), st.sampled_from([None, {}, {"Keep": "2"}]))
def test_any_text_gets_an_answer_or_none_without_error(db, text, game, tags):
    out = A.ask(db, text, game, tags=tags)
    assert (out.entry is None) == (not out.hits)
    if out.verdict is not None:
        assert out.question.yes_no and out.verdict.verdict in ("yes", "no")


def test_a_word_of_the_question_stands_for_one_canonical_word_only():
    """Content words are paired one to one: "mid turn" cannot stand for both "turn" and
    "dead" (whose synonyms hold "turned")."""
    from rulesdb.answer import _hits

    turn, dead, dog = frozenset({"turn"}), frozenset({"dead", "turn"}), frozenset({"dog"})
    assert _hits((dog, turn, dead), (dog, turn)) == 2
    assert _hits((dog, turn), (dog, turn, dead)) == 2
    assert _hits((turn, dead), (dead, turn)) == 2  # a pairing that needs a swap is found


def test_banked_questions_with_a_readers_verdict_are_canonical_questions():
    from rulesdb.bank import AskedQuestion
    from rulesdb.verdicts import from_bank

    bank = [AskedQuestion("fluffy", "can the dog go sideways", "fluffy.facing", "yes", "E and W are moves", "MOVING"),
            AskedQuestion("fluffy", "how does the dog move", "fluffy.facing")]
    (row,) = from_bank(bank)
    assert (row.game, row.q, row.verdict, row.entry, row.section) == \
        ("fluffy", "can the dog go sideways", "yes", "fluffy.facing", "MOVING")


def test_more_than_a_number_is_another_question_than_the_number(db):
    """"can I hold more than 3 event cards" (No) does not answer "max hand is 3 event
    cards, right" (Yes): a number past a bound is not the number."""
    from rulesdb.answer import numbers

    assert numbers("can i have more than three event cards in hand") == {(">", 3)}
    assert numbers("max hand is 3 event cards") == numbers("do i stay at 3 cards max") == {("=", 3)}
    assert numbers("fewer than two zombies") == {("<", 2)}
    out = A.ask(db, "max hand is 3 event cards, right", "zombies")
    assert out.verdict is None or out.verdict.verdict == "yes"
    again = A.ask(db, "can i have more than three event cards in hand", "zombies")
    assert again.verdict is None or again.verdict.verdict == "no"


@pytest.fixture(scope="module")
def bare(tmp_path_factory):
    """An index whose only canonical questions are these (no bank), so each test knows
    every candidate."""
    d = _verdict_index(tmp_path_factory.mktemp("bare"), [
        ("can the zombies go through the gate", "no", "fluffy.gate"),
        ("can fluffy hold 5 cards", "yes", "fluffy.hand"),
        ("can i throw away a card at the end of my turn", "yes", "fluffy.discard"),
        # two wordings of one question that the data answers both ways: a conflict
        ("can a zombie walk onto the pink flower", "yes", "fluffy.flower"),
        ("can a zombie step on the pink flower", "no", "fluffy.flower"),
    ], empty_bank=True)
    yield d
    d.close()


def test_a_claims_negation_flips_the_canonical_verdict(bare):
    """"zombies can't go through the gate" is what "can the zombies go through the gate"
    (No) says: the claim is right.  A plain question and the same claim without the
    negation get the canonical verdict."""
    flipped = A.match(bare, A.read("he says zombies can't go through the gate, is that right?"), "fluffy")
    assert flipped is not None and flipped.verdict == "yes"
    assert flipped.canonical.q == "can the zombies go through the gate"
    same = A.match(bare, A.read("my friend says the zombies can go through the gate"), "fluffy")
    assert same is not None and same.verdict == "no"
    assert A.match(bare, A.read("can zombies go through the gate?"), "fluffy").verdict == "no"


def test_a_negated_auxiliary_is_not_flipped(bare):
    """"can't zombies go through the gate?" is answered as "can they" is by some readers
    ("No, they can't") and flipped by others: no verdict."""
    assert A.match(bare, A.read("can't the zombies go through the gate"), "fluffy") is None


@pytest.mark.parametrize("question", [
    "can the dog go through the gate",  # another actor: "dog" for "zombies"
    "can fluffy hold 6 cards",          # another number
    "do i have to throw away a card at the end of my turn",  # obligation, not permission
])
def test_a_near_question_about_another_actor_number_or_modality_gets_none(bare, question):
    assert A.match(bare, A.read(question), "fluffy") is None


def test_the_near_question_itself_gets_its_verdict(bare):
    # the control of the test above: the same index answers the canonical wordings
    assert A.match(bare, A.read("can fluffy hold five cards"), "fluffy").verdict == "yes"
    assert A.match(bare, A.read("can i throw a card away at the end of my turn"), "fluffy").verdict == "yes"


def test_near_canonical_questions_in_conflict_give_none(bare):
    """Two canonical questions close to the question, worded differently, with opposite
    verdicts: none is stated, though the nearer one is close enough alone."""
    q = A.read("can a zombie go onto the pink flower")
    ex: list = []
    assert A.match(bare, q, "fluffy", explain=ex) is None
    assert ex and ex[0]["rival"] is not None and ex[0]["score"] >= A.VERDICT_FLOOR


def test_the_verdict_comes_from_the_searchs_first_entry(bare):
    """A canonical question of another entry the search found gives its verdict only when
    it words the question all but word for word (:data:`A.EXACT_ENTRY`)."""
    loose = A.read("can the zombies shuffle through the gate")  # "shuffle" for "go"
    assert A.match(bare, loose, "fluffy", entries=["fluffy.gate", "fluffy.hand"]).verdict == "no"
    ex: list = []
    assert A.match(bare, loose, "fluffy", entries=["fluffy.hand", "fluffy.gate"], explain=ex) is None
    assert ex[0]["refused"] == "entry" and ex[0]["score"] >= A.VERDICT_FLOOR
    exact = A.read("can zombies walk through the gate")  # "walk" is a synonym of "go"
    assert A.match(bare, exact, "fluffy", entries=["fluffy.hand", "fluffy.gate"]).verdict == "no"


@pytest.mark.parametrize("question, yes_no", [
    ("as a zombie player do i still roll on my turn", True),
    ("if we just recovered from a fight can we play a flight card", True),
    ("when the pile is gone, do the discards get shuffled into a fresh pile", True),
    ("there are 7 of us can we all play", True),
    ("im down in the sewer what do i pay each turn", False),
    ("when during my turn can i use my keepers", False),
    ("wat number do i need on the dice", False),
])
def test_a_yes_no_question_after_context_in_the_same_clause(question, yes_no):
    assert A.read(question).yes_no is yes_no


@pytest.mark.parametrize("question, yes_no", [
    ("when the deck runs out do we reshuffle", True),
    ("with three players does flee let me go again", True),
    ("if the grave is occupied is the zombie card thrown out", True),
    ("if the zombie can move does it die", True),
    ("when do we reshuffle", False),
    ("when the deck runs out what happens", False),
    ("with a shotgun how many can i kill", False),
    ("in what order do we play", False),
])
def test_a_yes_no_question_after_an_opening_circumstance_without_a_comma(question, yes_no):
    assert A.read(question).yes_no is yes_no


def test_the_asking_clause_after_an_opening_circumstance_names_the_subject():
    assert A.read("if the grave is occupied is the zombie card thrown out").subject == "zombie"
    assert A.read("if the zombie can move does it die").subject == "it"


def test_an_opening_circumstance_the_canonical_question_lacks_gets_none(bare):
    """"can the zombies go through the gate" (No) does not answer the same question asked
    under a circumstance it does not name; it does answer one whose circumstance it
    holds."""
    assert A.match(bare, A.read("with the gate locked can the zombies go through the gate"), "fluffy") is None
    assert A.match(bare, A.read("if a zombie reaches the gate can the zombies go through the gate"),
                   "fluffy") is None
    v = A.match(bare, A.read("at the gate can the zombies go through the gate"), "fluffy")
    assert v is not None and v.verdict == "no"


def test_a_canonical_question_is_read_as_the_question_is():
    """The canonical question's polarity and numbers come from its reading, as the
    question's do: "..., too late or not?" asks whether it is too late (the "or not" is
    the asking, not a negation), so asked word for word it gets its own verdict, not the
    flip.  Found by a data writer on a banked question that was answered the wrong way."""
    text = ("He played a Move Forward, then a Move Left, and NOW the zombie player wants "
            "to grab the Forward card. Too late or not?")
    canon = V.Canonical(game="fluffy", q=text, verdict="yes", entry="fluffy.snag",
                        because="", section="")
    q = A.read(text)
    c = A.Candidate(canon, 2.0, 1.0, 0, 0, tuple(A._forms(w) for w in q.content),
                    (q.content, (), frozenset(), frozenset()))
    assert A.polarity(text) != q.polarity  # the raw text counts the "not"
    assert c.polarity == q.polarity and c.numbers == q.numbers
    v = A.decide(q, [c])
    assert v is not None and v.verdict == "yes"


@pytest.fixture(scope="module")
def contrasted(tmp_path_factory):
    """Canonical questions that differ from each other and from the questions below by a
    contrast term, a role swap or a condition (no bank: each test knows every candidate)."""
    d = _verdict_index(tmp_path_factory.mktemp("contrasted"), [
        ("is the discard pile face down", "no", "fluffy.discard-pile"),
        ("is the discard pile face up", "yes", "fluffy.discard-pile"),
        ("do the zombies move before fluffy", "no", "fluffy.turns"),
        ("can fluffy discard a card at the end of his turn", "yes", "fluffy.discard"),
        ("does the snagged card go to the zombie player face up", "yes", "fluffy.snag"),
        ("can fluffy sprint", "yes", "fluffy.ruling.sprint-conditions"),
        ("can fluffy sprint if he has cards", "no", "fluffy.ruling.sprint-conditions"),
        ("does the zombie player draw cards", "yes", "fluffy.hand"),
        ("do i have to discard a card when the deck is cut", "no", "fluffy.deck"),
    ], empty_bank=True)
    yield d
    d.close()


def _near(db, text: str, entry: str) -> tuple[A.Question, list]:
    """``text`` read, and the candidates of ``entry`` only, best first."""
    q = A.read(text)
    return q, A.candidates(db, q, "fluffy", entries=[entry])


def test_a_contrast_term_keeps_a_canonical_question_from_answering(contrasted):
    """"at the start of his turn" is another question than "at the end of his turn": the
    canonical question is close enough by its score and alone, yet gives no verdict."""
    q, cands = _near(contrasted, "can fluffy discard a card at the start of his turn", "fluffy.discard")
    assert len(cands) == 1 and cands[0].score >= A.VERDICT_FLOOR  # would answer but for the contrast
    ex: list = []
    assert A.decide(q, cands, explain=ex) is None
    assert ex[0]["refused"] == "contrast" and ex[0]["contrast"] == [["start", "end"]]
    assert A.contrasts("start of his turn", "end of his turn") == ((("start", "end"),), False)


def test_one_exclusive_antonym_alone_flips_the_verdict(contrasted):
    """"face down" for "face up", every other word paired: the canonical Yes says No.
    A pair that is not exclusive ("left" / "right": a piece may turn either way) only
    refuses."""
    q, cands = _near(contrasted, "does the snagged card go to the zombie player face down", "fluffy.snag")
    v = A.decide(q, cands)
    assert v is not None and v.verdict == "no" and v.canonical.verdict == "yes"
    # the same wording with one more word of its own is not flipped: it is refused
    q, cands = _near(contrasted, "does the snagged card go to the zombie player face down in his hand",
                     "fluffy.snag")
    ex: list = []
    assert A.decide(q, cands, explain=ex) is None and ex[0]["refused"] == "contrast"
    assert A.contrasts("turn left", "turn right") == ((("left", "right"),), False)


def test_stop_before_a_verb_reads_as_its_negation(contrasted):
    """"does the zombie player stop drawing cards" asks whether he no longer draws: the
    canonical "does the zombie player draw cards" (Yes) holds every other word, and
    must not answer it Yes; a claim that he stops is the flip, read as No."""
    q, cands = _near(contrasted, "does the zombie player stop drawing cards", "fluffy.hand")
    assert cands and cands[0].score >= A.VERDICT_FLOOR  # close enough to answer, but for "stop"
    assert q.polarity[0] == 1 and cands[0].polarity[0] == 0
    assert A.decide(q, cands) is None
    q, cands = _near(contrasted, "he says the zombie player stops drawing cards, is that right", "fluffy.hand")
    v = A.decide(q, cands)
    assert v is not None and v.verdict == "no" and v.canonical.verdict == "yes"
    # "stop" before anything else is no negation ("stop short of the roll")
    assert A.polarity("can a zombie stop short of its roll")[0] == 0


def test_the_other_players_are_not_answered_for_me(contrasted):
    """"do the other players have to discard ..." holds every key word of "do i have to
    discard ..." (No): whose side acts differs, so it gets no verdict."""
    q, cands = _near(contrasted, "do the other players have to discard a card when the deck is cut",
                     "fluffy.deck")
    assert cands and cands[0].score >= A.VERDICT_FLOOR and not cands[0].extra_keys
    ex: list = []
    assert A.decide(q, cands, explain=ex) is None and ex[0]["refused"] == "actor"
    q, cands = _near(contrasted, "do i have to discard a card when the deck is cut", "fluffy.deck")
    assert A.decide(q, cands).verdict == "no"


def test_a_role_swap_gets_no_verdict(contrasted):
    """"does fluffy move before the zombies" holds every word of "do the zombies move
    before fluffy" (No), in the other order around "before"."""
    q, cands = _near(contrasted, "does fluffy move before the zombies", "fluffy.turns")
    assert cands[0].score >= A.VERDICT_FLOOR and cands[0].extra == cands[0].missing == 0
    ex: list = []
    assert A.decide(q, cands, explain=ex) is None
    assert ex[0]["refused"] == "roles" and ex[0]["roles"] == [["fluffy", "zombies"]]
    assert A.decide(*_near(contrasted, "do the zombies move before fluffy", "fluffy.turns")).verdict == "no"
    assert A.role_swaps("heal and rest", "rest and heal") == ()  # a group, not a relation


def test_a_rival_that_is_the_flip_does_not_conflict(contrasted):
    """"is the discard pile face down" (No) is near "is the discard pile kept face up"
    and gives the other verdict than "... face up" (Yes), but it differs from the
    question by up/down: read flipped it agrees.  Both wordings get their verdict."""
    for text, verdict in (("is the discard pile kept face up", "yes"),
                          ("is the discard pile kept face down", "no")):
        q, cands = _near(contrasted, text, "fluffy.discard-pile")
        best, rival = cands
        assert rival.canon.verdict != best.canon.verdict
        assert rival.score >= best.score - A.CONFLICT  # a conflict, read by score alone
        ex: list = []
        v = A.decide(q, cands, explain=ex)
        assert v is not None and v.verdict == verdict and ex[0]["rival"] is None


def test_a_rival_assuming_a_condition_the_question_lacks_does_not_conflict(contrasted):
    """"can fluffy sprint if he has cards" (No) answers under a circumstance "may fluffy
    sprint on his turn" does not state; "can fluffy sprint" (Yes) answers it."""
    q, cands = _near(contrasted, "may fluffy sprint on his turn", "fluffy.ruling.sprint-conditions")
    best, rival = cands
    assert best.canon.q == "can fluffy sprint" and rival.canon.verdict == "no"
    assert rival.score >= best.score - A.CONFLICT  # a conflict, read by score alone
    ex: list = []
    v = A.decide(q, cands, explain=ex)
    assert v is not None and v.verdict == "yes" and ex[0]["rival"] is None
    assert A.differences(q, rival.canon.q).assumes == ("cards",)  # what sets the rival apart


def test_an_all_but_exact_wording_outweighs_a_looser_rival(tmp_path):
    """"... discarded earlier" (Yes) is within the conflict margin of "can the zombie player
    snag a card fluffy discarded" (No) but holds a word the question lacks; the wording
    that pairs every word decides.  A looser question, that no canonical question words
    all but exactly, still gets none."""
    db = _verdict_index(tmp_path, [
        ("can the zombie player snag a card fluffy discarded", "no", "fluffy.snag"),
        ("can the zombie player snag a card fluffy discarded earlier", "yes", "fluffy.snag"),
    ], empty_bank=True)
    try:
        q, (best, rival) = _near(db, "can the zombie player snag the card fluffy discarded", "fluffy.snag")
        assert rival.score >= best.score - A.CONFLICT and rival.canon.verdict == "yes"
        assert best.score >= A.EXACT_RIVAL and not rival.missing_keys
        assert A.decide(q, [best, rival]).verdict == "no"
        q, cands = _near(db, "can the zombie player snag a card that fluffy threw away", "fluffy.snag")
        ex: list = []
        assert A.decide(q, cands, explain=ex) is None and ex[0]["refused"] == "rival"
    finally:
        db.close()


@pytest.fixture(scope="module")
def sensed(tmp_path_factory):
    """Canonical questions whose words a player swaps: one for a word of the same sense
    in Fluffy (``same_sense.jsonl``: "destroy" / "kill"), one for a word of another
    thing ("wall" for "tree").  No bank: each test knows every candidate."""
    d = _verdict_index(tmp_path_factory.mktemp("sensed"), [
        ("do the yellow flowers kill zombies", "no", "fluffy.flower"),
        ("can fluffy win by leaving the map at the tree", "no", "fluffy.goal"),
    ], empty_bank=True)
    yield d
    d.close()


def test_a_word_of_the_same_sense_pairs_with_the_canonical_word(sensed, monkeypatch):
    """"destroy" and "kill" are one sense in Fluffy (the table): the question gets the
    canonical verdict.  Without the table the same candidate is refused as a key word
    swapped, so the table is what answers."""
    q, cands = _near(sensed, "do yellow flowers destroy zombies", "fluffy.flower")
    ex: list = []
    v = A.decide(q, cands, explain=ex)
    assert v is not None and v.verdict == "no" and ex[0]["extra_keys"] == ex[0]["missing_keys"] == []
    monkeypatch.setattr(A, "same_sense", lambda: {})
    A.sense_forms.cache_clear()
    try:
        q, cands = _near(sensed, "do yellow flowers destroy zombies", "fluffy.flower")
        ex = []
        assert A.decide(q, cands, explain=ex) is None
        assert ex[0]["refused"] == "swapped" and (ex[0]["extra_keys"], ex[0]["missing_keys"]) == (["destroy"], ["kill"])
    finally:
        A.sense_forms.cache_clear()


def test_a_word_of_another_thing_still_refuses(sensed):
    """"at a wall" is another question than "at the tree" (leaving at the tree is no
    escape route the wall offers): no same-sense row pairs them, and the canonical
    question close by its score gives no verdict.  A game's same sense does not carry to
    another game ("heart" is "life" in Zombies!!! only)."""
    q, cands = _near(sensed, "can fluffy win by leaving the map at a wall", "fluffy.goal")
    assert cands[0].score >= A.VERDICT_FLOOR
    ex: list = []
    assert A.decide(q, cands, explain=ex) is None
    assert ex[0]["refused"] == "swapped" and (ex[0]["extra_keys"], ex[0]["missing_keys"]) == (["wall"], ["tree"])
    assert A.sense_forms("heart", "zombies") >= {A._stem("life"), A._stem("lives")}
    assert A._stem("life") not in A.sense_forms("heart", "fluffy")
    assert A.sense_forms("tree", "fluffy").isdisjoint(A.sense_forms("wall", "fluffy"))


def test_against_the_rules_reads_as_a_negation():
    """"is mixing fluxx decks against the rules" asks the opposite of "can we shuffle
    our regular fluxx deck in": it must not take that question's verdict as its own."""
    assert A.polarity("is mixing fluxx decks against the rules")[0] == 1
    assert A.polarity("can we shuffle our regular fluxx deck in")[0] == 0
    assert A.polarity("can i fight against two zombies")[0] == 0


def _always(value: float):
    """A gate of one leaf: every decision gets the log-odds ``value``."""
    from rulesdb.gate import FEATURES, Gate

    return Gate({"features": list(FEATURES), "init": 0.0, "rate": 1.0, "threshold": 0.5,
                 "trees": [[[-1, 0.0, 0, 0, value]]]})


def test_the_learned_gate_lifts_a_refusal_of_degree_only(tmp_path, contrasted, monkeypatch):
    """A rival of the other verdict within the margin is a refusal of degree: a gate sure
    enough lifts it, an unsure one does not, and ``lift=False`` never asks it.  A contrast
    ("face down" for "face up" with one word more) is another question: never lifted."""
    import rulesdb.gate as G

    db = _verdict_index(tmp_path, [
        ("can the zombie player snag a card fluffy discarded", "no", "fluffy.snag"),
        ("can the zombie player snag a card fluffy discarded earlier", "yes", "fluffy.snag"),
    ], empty_bank=True)
    try:
        q, cands = _near(db, "can the zombie player snag a card that fluffy threw away", "fluffy.snag")
        monkeypatch.setattr(G, "shipped", lambda: _always(-5.0))
        ex: list = []
        assert A.decide(q, cands, explain=ex) is None and ex[0]["refused"] == "rival"
        assert ex[0]["gate"] < 0.01
        monkeypatch.setattr(G, "shipped", lambda: _always(5.0))
        ex = []
        v = A.decide(q, cands, explain=ex)
        assert v is not None and v.verdict == cands[0].canon.verdict and ex[0]["gate"] > 0.99
        assert ex[0]["refused"] is None
        assert A.decide(q, cands, lift=False) is None
    finally:
        db.close()
    q, cands = _near(contrasted, "does the snagged card go to the zombie player face down in his hand",
                     "fluffy.snag")
    ex = []
    assert A.decide(q, cands, explain=ex) is None
    assert ex[0]["refused"] == "contrast" and ex[0]["hard"] == "contrast" and ex[0]["gate"] is None


def test_gate_features_name_every_feature_of_the_model(contrasted):
    from rulesdb.gate import FEATURES

    q, cands = _near(contrasted, "is the discard pile kept face up", "fluffy.discard-pile")
    f = A.gate_features(q, cands, "fluffy.discard-pile", hand=True)
    assert tuple(f) == FEATURES
    assert f["hand"] == 1 and f["top"] == 1 and f["contrast"] == 0 and f["score"] == cands[0].score
    with pytest.raises(ValueError):
        A.gate_features(q, [], None, hand=False)
