"""Zombies Want Fluffy: the board (:mod:`.board`) and the rules engine (:mod:`.engine`)."""

from .board import Board, load_board, parse_board
from .engine import DEFAULT_DECK, RULE_IDS, Game, parse_card, parse_deck

__all__ = ["Board", "Game", "RULE_IDS", "DEFAULT_DECK", "load_board", "parse_board", "parse_card", "parse_deck"]
