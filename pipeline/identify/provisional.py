"""Provisional games: a game a source names (by a heading, a title or a first sentence that
calls it a card game) but games.yaml does not know. It gets an id from its name and is listed
in games.json with `provisional: true`, never silently mislabelled as a known game."""

from __future__ import annotations

import hashlib
import unicodedata

from pipeline.ingest.normalize import normalize
from pipeline.patterns import compile_pattern
from schemas import Game, GameNames

_NON_ASCII = compile_pattern(r"[^\x00-\x7f]")
_NOT_SLUG = compile_pattern(r"[^a-z0-9]+")
_SLUG_CHARS = compile_pattern(r"[a-z0-9-]+")
_SPACES = compile_pattern(r"\s+")
_APOSTROPHE = compile_pattern(r"(?<=\w)['’](?=\w)")

PROVISIONAL_FAMILY = "unclassified"
_LATIN_LETTERS = str.maketrans({"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "ð": "d", "þ": "th", "ł": "l", "đ": "d",
                                "ı": "i"})


def provisional_id(name: str, languages) -> str:
    """A slug from the name: Latin letters as they are, other scripts through a profile's
    transliteration; a name no profile can spell in Latin gets a short hash."""
    text = _APOSTROPHE.sub("", normalize(name).casefold())   # "Spenser's" -> spensers
    for lang in languages:
        table = lang.profile.transliteration
        if table and lang.script is not None and lang.script.search(text):
            text = "".join(table.get(ch, ch) for ch in text)
    # Latin letters with accents keep their letter ("POOL ÉCARTÉ" -> pool-ecarte), ligatures and
    # letters no accent makes are spelled out ("CÆSAR" -> caesar)
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    text = text.translate(_LATIN_LETTERS)
    ascii_slug = _NOT_SLUG.sub("-", text).strip("-")
    if ascii_slug and _SLUG_CHARS.fullmatch(ascii_slug) and len(ascii_slug) >= 2 \
            and not _NON_ASCII.search(text):
        return ascii_slug[:60].strip("-")
    return "game-" + hashlib.sha1(normalize(name).encode("utf-8")).hexdigest()[:10]


def _without_article(name: str, language: str, languages) -> str:
    """The name without a leading article of its language, for its id: "THE FIFTEEN" and
    "Fifteen" are one game (the name shown keeps the article)."""
    if language not in getattr(languages, "codes", ()):
        return name
    articles = languages[language].profile.names.articles
    head, _, rest = name.partition(" ")
    return rest if rest.strip() and head.casefold() in {a.casefold() for a in articles} else name


def provisional_game(name: str, language: str, languages, parent: str | None = None) -> Game:
    """The provisional game of a name written in `language` (its name there as written), a
    variant of `parent` when it names a known game with more words."""
    clean = _SPACES.sub(" ", normalize(name)).strip()
    names = {"en": clean}
    if language in GameNames.model_fields and language != "en":
        names[language] = clean
    pair = _BILINGUAL.fullmatch(clean)
    if pair and language != "en" and bool(_NON_ASCII.search(pair["a"])) != bool(_NON_ASCII.search(pair["b"])):
        # "チェーナ / Cena": the name in the text's script and in Latin letters, one game
        native, latin = (pair["a"], pair["b"]) if _NON_ASCII.search(pair["a"]) else (pair["b"], pair["a"])
        names = {"en": latin, language: native}
    return Game(id=provisional_id(_without_article(names["en"], language, languages), languages),
                names=GameNames(**names), aliases=[], family=PROVISIONAL_FAMILY, parent=parent, provisional=True)


_BILINGUAL = compile_pattern(r"(?P<a>[^/／]+?)\s*[/／]\s*(?P<b>[^/／]+)")
