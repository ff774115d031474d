"""Whether a heading's text is a card game's: a book of pastimes names its parlour games and
toys like patiences of the registry ("GIANT.", "TOURNAMENT.", "PUSS IN THE CORNER."); a card
game's part speaks of cards or packs, a parlour game's never does. Games of the
`non_card_families` and `cardless_families` of facets.yaml (board, dice, dominoes) are
played without cards."""

from __future__ import annotations

from pipeline.patterns import compile_pattern

MIN_SILENT_CHARS = 300    # a short part (a title, a "see X") proves nothing by its silence
LEAD_CHARS = 1200         # a card game speaks of its cards early, its sub-headings included


def card_words(knowledge):
    """Every language's words for cards and packs in running text (`statements.card_words`)."""
    def build():
        words = knowledge.languages.all_patterns(lambda p: p.statements.card_words)
        return compile_pattern("(?i)" + "|".join(f"(?:{w})" for w in words) if words else "(?!)")
    return knowledge.compiled(("card_words",), build)


def played_without_cards_here(knowledge, game_id: str, body: str) -> bool:
    """A card game of the registry whose part here (`body`, long enough to tell) never speaks
    of cards or packs: a homonym, not that game (the caller asks it of a name that is also a
    common word: "Giant", "Cat and Mouse")."""
    game = knowledge.by_id.get(game_id)
    data = knowledge.facets.data
    if game is None or game.family in (*data.non_card_families, *data.cardless_families):
        return False
    return len(body.strip()) >= MIN_SILENT_CHARS and not card_words(knowledge).search(body)


def performed_here(knowledge, body: str) -> bool:
    """A part that speaks of an audience or a performer (every profile's `names.performance`):
    a card trick, shown, not a game played (the caller asks it of a common-word name)."""
    def build():
        words = knowledge.languages.all_patterns(lambda p: p.names.performance)
        return compile_pattern("(?i)" + "|".join(f"(?:{w})" for w in words) if words else "(?!)")
    return bool(knowledge.compiled(("performance",), build).search(body))
