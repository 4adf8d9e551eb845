"""Zombie Fluxx: the rule ids and the checks, each returning a
:data:`~referee.games.base.Problem` or None (spec ``fluxx.md``, rulebook
``zombie-fluxx.txt``); the steps are in :mod:`.steps`.

:func:`event_check` is every check an event must pass before anything changes.  The
refusals only found on the way (the cards of a draw drawn one by one, an Action's effects
in their order, the cards discarded or dropped one by one) are named check functions
here too, which the steps call on their draft and raise with :func:`refuse`: the
position the step started from is never changed (see :mod:`.state`).
"""

from __future__ import annotations

from collections import Counter

from referee.games.base import Problem, rule_ids
from referee.words import plural

from .catalogue import Card
from .notation import CardLine, Creeper, Discard, Draw, Drop, End, Event, Kill, Move, Play, Trio
from .state import BARE_HANDS, State, join

# -- rule ids ---------------------------------------------------------------------------

R_OVER = "fluxx.game-over"
R_TURN = "fluxx.turn-order"
R_FIRST_ROUND = "fluxx.first-round"
R_FIRST_ROUND_FIRST = "fluxx.ruling.first-round-first"
R_DRAW = "fluxx.draw"
R_DRAWS_FIRST = "fluxx.ruling.draws-before-plays"
R_PLAY = "fluxx.play"
R_ACTION_PLAYS = "fluxx.ruling.action-plays"
R_HIDDEN = "fluxx.ruling.hidden-hands"
R_COUNT = "fluxx.card-count"
R_CREEPER = "fluxx.creepers.draw"
R_SET_ASIDE = "fluxx.set-aside"
R_HAND_LIMIT = "fluxx.hand-limit"
R_KEEPER_LIMIT = "fluxx.keeper-limit"
R_PUSHED = "fluxx.ruling.pushed-discard-first"
R_NO_DISCARD = "fluxx.ruling.discard-only-forced"
R_KILL = "fluxx.kill"
R_KILL_LIMIT = "fluxx.kill.limit"
R_KILL_TURN = "fluxx.ruling.kill-own-turn"
R_PAIR = "fluxx.zombie.pair"
R_PAIR_OTHER = "fluxx.ruling.pair-to-another-player"
R_TRIO = "fluxx.zombie.trio"
R_ZOMBIE_MOVES = "fluxx.ruling.zombie-moves-first"
R_EFFECT = "fluxx.ruling.action-effects"
R_RESHUFFLE = "fluxx.reshuffle"
R_DROP = "fluxx.ruling.creepers-not-keepers"
R_TOP = "fluxx.ruling.quartet-written-in"

#: Every rule id this engine can raise.
RULE_IDS: frozenset[str] = rule_ids(globals())


# -- the position as an event of the running game sees it ----------------------------------

def running(s: State) -> State:
    """``s`` as the events of the running game (all but ``creeper`` and a replacement
    ``draw``) see it: the first round left behind when it is over (a new position when
    that changes anything; ``s`` is not changed): every replacement drawn, the game
    not over."""
    if s.first_round and not any(s.replacements) and s.ending is None:
        s = s.draft().settle()
        s.first_round = False
    return s


# -- checks ------------------------------------------------------------------------------

def gate(s: State, p: int, *, own_turn: bool = True, limit_discard: bool = False) -> Problem | None:
    """The checks every event of the running game passes first."""
    if s.ending is not None:
        who = "the zombies (everybody loses)" if s.winner == "zombies" else s.winner
        return f"the game is over: {who} won", R_OVER
    if s.first_round:
        owing = [s.players[q] for q, n in enumerate(s.replacements) if n]
        if owing:
            return (f"{join(owing)} must first draw to replace the first round's Creepers",
                    R_FIRST_ROUND)
    if s.trio or s.flee:   # ruling 18: nothing else, not even a limit discard
        what = ("the killed Zombie Trio's direction ('trio left' or 'right')" if s.trio
                else "where the fleeing Pair of Zombies goes ('move ... to P')")
        return f"{s.players[s.current]} must first say {what}", R_ZOMBIE_MOVES
    rules = s.rules
    if not s.first_round and (rules["hand-limit"] is not None or rules["keeper-limit"] is not None):
        pushed = s.pushed()
        if pushed and not (limit_discard and p in pushed):
            names = join([s.players[q] for q in pushed])
            return f"{names} must first discard down to the limits", R_PUSHED
    if limit_discard and p != s.current:
        return None
    if own_turn and p != s.current:
        return f"it is {s.players[s.current]}'s turn, not {s.players[p]}'s", R_TURN
    return None


def holds_check(s: State, p: int, name: str, seen: Counter | None = None) -> Problem | None:
    """Why ``p`` cannot hold ``name`` in hand, or None."""
    card = s.names.get(name) or s.card(name)
    if card.type == "creeper":
        return f"{name} is a Creeper: it is laid down when drawn, never held", R_CREEPER
    if s.composition.get(name, 0) == 0 and s.zombies_out and (card.set_aside):
        return f"{name} is set aside in a game without the Zombies", R_SET_ASIDE
    hand = s.hands[p]
    if hand.known.get(name, 0):
        return None
    if not hand.unknown:
        return f"{s.players[p]} holds no {name} (every card in that hand is known)", R_HIDDEN
    if s.unseen(name, seen) <= 0:
        return (f"every {name} card ({s.composition.get(name, 0)} in the deck) is already "
                "accounted for", R_COUNT)
    return None


def play_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``p`` may not play ``name`` now, or None."""
    problem = gate(s, p)
    if problem:
        return problem
    owed = s.draws_owed()
    if owed:
        return f"{s.players[p]} must first draw {owed} more", R_DRAWS_FIRST
    if not s.subplays and s.plays_owed() == 0:
        rule = s.rule_value("play")
        return (f"{s.players[p]} has played {s.played} this turn (Play "
                f"{'All' if rule == 'all' else rule}): no more plays", R_PLAY)
    return holds_check(s, p, name)


def any_play_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may play no card at all now (whatever the card), or None: what
    ``Ann: play ...`` is refused with, and what ``blocked_events`` lists."""
    problem = gate(s, p)
    if problem is None and s.draws_owed():
        problem = (f"{s.players[p]} must first draw {s.draws_owed()} more", R_DRAWS_FIRST)
    if problem is None and not s.subplays and not s.plays_owed():
        problem = (f"{s.players[p]} has no play left this turn", R_PLAY)
    return problem


def end_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may not end the turn now, or None."""
    problem = gate(s, p)
    if problem:
        return problem
    who = s.players[p]
    owed = s.draws_owed()
    if owed:
        return f"{who} must first draw {owed} more", R_DRAWS_FIRST
    plays = s.plays_owed()
    if plays and s.subplays:
        return f"{who} must still play {plays} for the Action", R_ACTION_PLAYS
    if plays:
        return f"{who} must still play {plays} more", R_PLAY
    if s.hand_excess(p):
        return (f"{who} holds {s.hands[p].size} cards and must first discard down to "
                f"{s.rule_value('hand-limit')}", R_HAND_LIMIT)
    if s.keeper_excess(p):
        return (f"{who} has {sum(s.keepers[p].values())} Keepers and must first drop down "
                f"to {s.rule_value('keeper-limit')}", R_KEEPER_LIMIT)
    return None


def limit_check(s: State, p: int, slot: str) -> Problem | None:
    """Why ``p`` may not discard (slot hand-limit) or drop (keeper-limit) now."""
    problem = gate(s, p, limit_discard=True)
    if problem:
        return problem
    who = s.players[p]
    rule = R_HAND_LIMIT if slot == "hand-limit" else R_KEEPER_LIMIT
    excess = s.hand_excess(p) if slot == "hand-limit" else s.keeper_excess(p)
    if not excess:
        limit = s.rule_value(slot)
        if slot == "hand-limit":
            why = "no Hand Limit is in play" if limit is None else f"{who} is within the Hand Limit of {limit}"
            return f"{why}: a card is played, not discarded", R_NO_DISCARD
        why = "no Keeper Limit is in play" if limit is None else f"{who} is within the Keeper Limit of {limit}"
        return f"{why}: nothing to drop", R_KEEPER_LIMIT
    if p == s.current:
        owed = s.draws_owed()
        if owed:
            return f"{who} must first draw {owed} more", R_DRAWS_FIRST
        if s.plays_owed():
            return f"{who} must first play {s.plays_owed()} more: limits come last", rule
    return None


def kill_check(s: State, p: int, target: str, source: str) -> Problem | None:
    """Why ``p`` may not kill ``target`` with ``source`` now, or None (rulings 6, 9)."""
    problem = gate(s, p, own_turn=False)
    if problem:
        return problem
    if p != s.current:
        return f"kills happen only in the killer's own turn ({s.players[s.current]}'s now)", R_KILL_TURN
    who = s.players[p]
    card = s.names.get(target) or s.card(target)
    if not card.is_zombie:
        return f"{target} is not a Zombie", R_KILL
    if not s.creepers[p].get(target, 0):
        return f"{who} has no {target} in front of them", R_KILL
    if source == BARE_HANDS:
        allowed = s.kill_allowance(p, source)
        if not allowed:
            return "no rule in play allows bare-hand kills (Zombie Season does)", R_KILL
    else:
        if not s.keepers[p].get(source, 0):
            return f"{who} has no {source} in front of them", R_KILL
        allowed = s.kill_allowance(p, source)
        if not allowed:
            keeper = s.card(source)
            why = "needs Weapon Bonus in play" if keeper.weapon else "cannot kill"
            return f"{source} {why}", R_KILL
    if s.kills_used.get(source, 0) >= allowed:
        return (f"{'bare hands' if source == BARE_HANDS else source} already killed "
                f"{plural(allowed, 'Zombie')} this turn", R_KILL_LIMIT)
    return None


def kill_sources(s: State, p: int, target: str) -> list[str]:
    """What ``p`` may kill ``target`` with now: bare hands first, then the Keepers."""
    return [x for x in [BARE_HANDS, *sorted(s.keepers[p])] if kill_check(s, p, target, x) is None]


def unwritten_source_check(s: State, p: int, target: str) -> Problem | None:
    """Why ``kill Z`` (the source not written) is refused: nothing can kill it now."""
    if kill_sources(s, p, target):
        return None
    return (kill_check(s, p, target, BARE_HANDS) or
            (f"nothing of {s.players[p]}'s can kill {target} now", R_KILL))


def creeper_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``p`` may not lay down ``name`` as a dealt Creeper now (the first round)."""
    if s.ending is not None:
        return gate(s, p)
    if not s.first_round:
        return "first-round Creepers are written before the first turn's first event", R_FIRST_ROUND_FIRST
    card = s.card(name)
    if card.type != "creeper":
        return f"{name} is not a Creeper", R_FIRST_ROUND
    if s.composition.get(name, 0) == 0 and s.zombies_out:
        return f"{name} is set aside in a game without the Zombies", R_SET_ASIDE
    if not s.hands[p].unknown:
        return f"{s.players[p]}'s dealt cards are all accounted for", R_FIRST_ROUND
    if s.unseen(name) <= 0:
        return f"every {name} card is already accounted for", R_COUNT
    return None


def turn_draw_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may not draw under the Draw rule now (``s`` as the running game sees it)."""
    problem = gate(s, p)
    if problem:
        return problem
    if not s.draws_owed():
        return f"{s.players[p]} owes no draw now (drawn {s.drawn}, Draw {s.rule_value('draw')})", R_DRAW
    return None


def draw_more_check(s: State, p: int, counted: int, owed: int, what: str) -> Problem | None:
    """Why ``p`` may not draw one more card, ``counted`` of ``owed`` drawn: more than
    owed, or both piles empty."""
    if counted >= owed:
        return f"{s.players[p]} draws more than the {plural(owed, 'card')} {what}", R_DRAW
    if s.pile == 0 and not s.discard:
        return "the draw pile and the discard pile are both empty", R_RESHUFFLE
    return None


def drawn_card_check(s: State, name: str | None) -> Problem | None:
    """Why the next card drawn cannot be ``name`` (None: unseen): a known top card
    (ruling 21), a card set aside, or one every copy of which is accounted for."""
    if s.top:
        if name is not None and name != s.top[-1]:
            return (f"{s.top[-1]} is known to lie on top of the draw pile: the next card "
                    f"drawn is {s.top[-1]} (write it, or ?), not {name}", R_TOP)
        return None
    if name is not None:
        if s.composition.get(name, 0) == 0 and s.zombies_out:
            return f"{name} is set aside in a game without the Zombies", R_SET_ASIDE
        if s.unseen(name) <= 0:
            return (f"every {name} card ({s.composition.get(name, 0)} in the deck) is "
                    "already accounted for", R_COUNT)
    return None


def discard_count_check(s: State, p: int, cards: tuple) -> Problem | None:
    """Why ``p`` may not discard ``cards`` to the Hand Limit now (before any is taken)."""
    problem = limit_check(s, p, "hand-limit")
    if problem is None and len(cards) > s.hand_excess(p):
        problem = (f"{s.players[p]} must discard {s.hand_excess(p)}, not {len(cards)}: down to "
                   f"the Hand Limit, no further", R_NO_DISCARD)
    return problem


def drop_count_check(s: State, p: int, cards: tuple) -> Problem | None:
    """Why ``p`` may not drop ``cards`` to the Keeper Limit now (before any is dropped)."""
    problem = limit_check(s, p, "keeper-limit")
    if problem is None and len(cards) > s.keeper_excess(p):
        problem = (f"{s.players[p]} must drop {s.keeper_excess(p)}, not {len(cards)}", R_KEEPER_LIMIT)
    return problem


def drop_card_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``p`` has no Keeper ``name`` to drop (a Creeper is not dropped)."""
    if not s.keepers[p][name]:
        rule = R_DROP if s.creepers[p][name] else R_KEEPER_LIMIT
        return f"{s.players[p]} has no Keeper {name} in front of them", rule
    return None


def from_hand_check(s: State, p: int, name: str | None) -> Problem | None:
    """Why ``p`` cannot give up ``name`` (None: an unseen card) from hand."""
    if name is None:
        if not s.hands[p].unknown:
            return f"{s.players[p]} holds no unseen card", R_HIDDEN
        return None
    return holds_check(s, p, name)


def front_check(s: State, p: int, name: str) -> Problem | None:
    """Why ``name`` cannot be taken from in front of ``p`` (an Action's effect)."""
    if s.keepers[p][name] or s.creepers[p][name]:
        return None
    return f"{s.players[p]} has no {name} in front of them", R_EFFECT


def trio_check(s: State, p: int) -> Problem | None:
    """Why ``p`` may not say a Trio's direction now."""
    if s.ending is not None:
        return gate(s, p)
    if s.trio is None or p != s.current:
        return "no killed Zombie Trio is waiting for its direction", R_TRIO
    return None


def move_check(s: State, p: int, name: str, q: int) -> Problem | None:
    """Why ``p`` may not send the fleeing Pair ``name`` to ``q`` now (ruling 14)."""
    if s.ending is not None:
        return gate(s, p)
    if p != s.current or not s.flee[name]:
        return f"no {name} of {s.players[p]}'s is fleeing now", R_PAIR
    if q == p:
        return "a fleeing Pair goes to another player", R_PAIR_OTHER
    return None


def goal_discard_check(s: State) -> Problem | None:
    if not s.goal:
        return "there is no Goal or Ungoal to discard", R_EFFECT
    return None


def rule_discard_check(s: State, name: str) -> Problem | None:
    if name in s.rules.values() or name in s.others:
        return None
    return f"{name} is not a rule in play", R_EFFECT


def give_check(p: int, q: int) -> Problem | None:
    if q == p:
        return "give to another player", R_EFFECT
    return None


def action_draws_check(card: Card, drawn: int, could_draw: int) -> Problem | None:
    """Why an Action's written draws are not the number it calls for (Creepers not counted)."""
    if card.draws is not None and drawn != min(card.draws, could_draw):
        return (f"{card.name} draws {card.draws} (Creepers not counted), not {drawn}: write "
                f"'draw {' '.join(['?'] * card.draws)}'", R_EFFECT)
    return None


def event_check(s: State, ev: Event) -> Problem | None:
    """Every check ``ev`` must pass in ``s`` before anything changes.  The refusals of a
    :data:`~.notation.SEQUENCES` event met on the way come from the step."""
    return _CHECKS[type(ev)](s, ev)


def _draw_event_check(s: State, ev: Draw) -> Problem | None:
    if s.ending is not None:
        return gate(s, ev.p)
    if s.first_round and s.replacements[ev.p]:
        return None
    return turn_draw_check(running(s), ev.p)


def _running(s: State) -> State:
    return running(s) if s.first_round else s


def _play_event_check(s: State, ev: Play) -> Problem | None:
    if s.first_round:
        s = running(s)
    return any_play_check(s, ev.p) if ev.name is None else play_check(s, ev.p, ev.name)


def _end_event_check(s: State, ev: End) -> Problem | None:
    if s.first_round:
        s = running(s)
    return end_check(s, ev.p)


def _kill_event_check(s: State, ev: Kill) -> Problem | None:
    if s.first_round:
        s = running(s)
    if ev.source is None:
        return unwritten_source_check(s, ev.p, ev.target)
    return kill_check(s, ev.p, ev.target, ev.source)


_CHECKS = {
    Draw: _draw_event_check,
    Creeper: lambda s, ev: creeper_check(s, ev.p, ev.name),
    CardLine: lambda s, ev: None,
    Play: _play_event_check,
    End: _end_event_check,
    Kill: _kill_event_check,
    Discard: lambda s, ev: discard_count_check(_running(s), ev.p, ev.cards),
    Drop: lambda s, ev: drop_count_check(_running(s), ev.p, ev.cards),
    Trio: lambda s, ev: None if ev.side is None else trio_check(_running(s), ev.p),
    Move: lambda s, ev: None if ev.to is None else move_check(_running(s), ev.p, ev.name, ev.to),
}


def trio_choosable(s: State, p: int) -> bool:
    """True when ``trio`` without a side asks the choice (a Trio waits, ``p``'s turn)."""
    return s.trio is not None and p == s.current and s.ending is None


def move_choosable(s: State, p: int, name: str) -> bool:
    """True when ``move P`` without ``to`` asks the choice (``name`` must flee now)."""
    return bool(s.flee[name]) and p == s.current and s.ending is None
