"""Zombie Fluxx: the events legal in a position, each with what it would do, and the
events a player may try that are blocked (built on the checks of :mod:`.rules`)."""

from __future__ import annotations

from collections import Counter

from referee.errors import Option
from referee.games.base import Blocked

from .catalogue import Card
from .notation import ANY_CARD, fmt
from .rules import any_play_check, end_check, holds_check, kill_check, limit_check
from .steps import describe_kill
from .state import BARE_HANDS, State, join


def describe_play(s: State, p: int, card: Card) -> str:
    """What playing ``card`` would do, in words."""
    who = s.players[p]
    if card.type == "keeper":
        text = f"{who} keeps {card.name}"
        if s.ungoal:
            if s.meets(p, s.goal, card.name):
                text += f": the Ungoal {s.goal} is met, everybody loses"
        elif s.meets(p, s.goal, card.name) and not any(
                s.meets(q, s.goal) for q in range(len(s.players)) if q != p):
            text += f": {who} wins ({s.goal})"
        return text
    if card.type == "rule":
        if card.slot == "draw":
            more = min(card.value - s.drawn, s.drawable())
            return f"{who} must draw {more} more" if more > 0 else f"Draw {card.value} from now on"
        if card.slot == "play":
            if card.value == "all":
                return f"{who} must play every card in hand"
            more = card.value - s.played - (0 if s.subplays else 1)
            return f"{who} must play {more} more" if more > 0 else f"Play {card.value} from now on"
        if card.slot in ("hand-limit", "keeper-limit"):
            limit = card.value
            hit = []
            for q in range(len(s.players)):
                if q == p:
                    continue
                have = s.hands[q].size if card.slot == "hand-limit" else sum(s.keepers[q].values())
                if have > limit:
                    hit.append(s.players[q])
            word = "discard" if card.slot == "hand-limit" else "drop Keepers"
            return (f"{join(hit)} must {word} down to {limit} at once" if hit
                    else f"{card.name}: nobody else is over it")
        return f"new rule {card.name}"
    if card.type in ("goal", "ungoal"):
        kind = "Goal" if card.type == "goal" else "Ungoal"
        old = f" ({s.goal} discarded)" if s.goal else ""
        meeting = [q for q in range(len(s.players)) if card.needs is not None and s.meets(q, card.name)]
        if meeting and card.type == "ungoal":
            return f"new Ungoal{old}: it is met, everybody loses"
        if len(meeting) == 1:
            return f"new Goal{old}: {s.players[meeting[0]]} wins"
        if len(meeting) > 1:
            return f"new Goal{old}: several players meet it, play goes on"
        return f"new {kind}{old}" + ("" if card.needs is not None else " (conditions unknown)")
    bits = []
    if card.draws:
        bits.append(f"draw {card.draws}")
    if card.plays:
        bits.append(f"play {card.plays} (one play in all)")
    return "Action: " + (", ".join(bits) if bits else "write its effects")


def action_text(s: State, card: Card) -> str:
    """``play A`` with the draws the Action calls for written out (the top card known)."""
    text = f"play {fmt(card.name)}"
    if card.draws:
        n = min(card.draws, s.drawable())
        if n:
            lead = [fmt(s.top[-1])] if s.top else []
            text += " draw " + " ".join(lead + ["?"] * n)
    return text


def legal_events(s: State) -> list[Option]:
    """Every event legal in ``s``, as complete notation with what it would do."""
    if s.over:
        return []
    out: list[Option] = []
    n = len(s.players)
    seen = s.visible()
    if s.first_round:
        for p in range(n):
            who = s.players[p]
            if s.replacements[p]:
                out.extend(draw_options(s, p, s.replacements[p], seen, "replaces a Creeper"))
            if s.hands[p].unknown:
                for c in s.cat:
                    if c.type == "creeper" and s.unseen(c.name, seen) > 0:
                        out.append(Option(f"{who}: creeper {fmt(c.name)}",
                                          f"{who} lays down a dealt {c.name} and owes a replacement"))
        if any(s.replacements):
            return out
    p = s.current
    who = s.players[p]
    pushed = s.pushed()
    if pushed and not (s.trio or s.flee):
        for q in pushed:
            out.extend(limit_options(s, q))
        return out
    if s.trio:
        for side, d in (("left", 1), ("right", -1)):
            out.append(Option(f"{who}: trio {side}", f"{s.trio} moves to {s.players[(p + d) % n]}"))
        return out
    if s.flee:
        for name in sorted(s.flee):
            for q in range(n):
                if q != p:
                    out.append(Option(f"{who}: move {fmt(name)} to {s.players[q]}",
                                      f"{name} flees to {s.players[q]}"))
        return out
    owed = s.draws_owed()
    if owed:
        out.extend(draw_options(s, p, owed, seen, "the Draw rule"))
    else:
        if s.plays_owed() or s.subplays and s.hands[p].size:
            names = set(s.hands[p].known)
            if s.hands[p].unknown:
                names |= {c.name for c in s.cat if c.type != "creeper" and s.unseen(c.name, seen) > 0}
            known = s.hands[p].known
            for name in sorted(names, key=lambda c: (not known[c], c.lower())):
                card = s.card(name)
                if holds_check(s, p, name, seen) is None:
                    text = action_text(s, card) if card.type == "action" else f"play {fmt(name)}"
                    out.append(Option(f"{who}: {text}", describe_play(s, p, card)))
        out.extend(limit_options(s, p))
        if end_check(s, p) is None:
            out.append(Option(f"{who}: end", f"{s.players[(p + 1) % n]} plays next"))
    for z in sorted(s.creepers[p]):
        for source in [BARE_HANDS, *sorted(s.keepers[p])]:
            if kill_check(s, p, z, source) is None:
                src = BARE_HANDS if source == BARE_HANDS else fmt(source)
                out.append(Option(f"{who}: kill {fmt(z)} with {src}", describe_kill(s, p, z)))
    return out


def draw_options(s: State, p: int, owed: int, seen: Counter, why: str) -> list[Option]:
    who = s.players[p]
    lead = [s.top[-1]] if s.top else []
    out = []
    if lead:
        out.append(Option(f"{who}: draw {fmt(lead[0])}", f"{lead[0]} is on top of the pile: laid down "
                          f"at once, it does not count ({owed} still owed)"))
    out.append(Option(f"{who}: draw " + " ".join(fmt(c) for c in lead + [None]),
                      f"one unseen card ({why}: {owed} owed)"))
    if owed > 1:
        k = min(owed, s.drawable())
        out.append(Option(f"{who}: draw " + " ".join(fmt(c) for c in lead + [None] * k),
                          f"all {k} cards owed, unseen"))
    for c in s.cat:
        if c.type == "creeper" and s.unseen(c.name, seen) > 0 and not lead:
            out.append(Option(f"{who}: draw {fmt(c.name)}",
                              f"{c.name} is laid down at once; {who} draws again"))
    return out


def limit_options(s: State, q: int) -> list[Option]:
    who = s.players[q]
    out = []
    if limit_check(s, q, "hand-limit") is None:
        hand = s.hands[q]
        k = s.hand_excess(q)
        if hand.unknown:
            out.append(Option(f"{who}: discard ?", f"an unseen card, to the Hand Limit ({k} to go)"))
        for name in sorted(hand.known):
            out.append(Option(f"{who}: discard {fmt(name)}", f"to the Hand Limit ({k} to go)"))
    if limit_check(s, q, "keeper-limit") is None:
        for name in sorted(s.keepers[q]):
            out.append(Option(f"{who}: drop {fmt(name)}",
                              f"give up a Keeper to the Keeper Limit ({s.keeper_excess(q)} to go)"))
    return out


def blocked_events(s: State) -> list[Blocked]:
    """Why ending the turn or playing on is not legal now, for the player to act."""
    if s.over:
        return []
    p = s.current
    who = s.players[p]
    out = []
    problem = end_check(s, p)
    if problem:
        out.append(Blocked(f"{who}: end", *problem))
    if s.hands[p].size:
        problem = any_play_check(s, p)
        if problem:
            out.append(Blocked(f"{who}: play {ANY_CARD}", *problem))
    return out
