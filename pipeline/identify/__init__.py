"""Identification: which canonical game a heading names, in three languages and through
machine-translation noise, with the context that decides whether it is a game at all."""

from pipeline.identify.index import GameIndex, Match, game_index

__all__ = ["GameIndex", "Match", "game_index"]
