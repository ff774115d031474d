"""The one game-name index: every name of every game (games.yaml names in each language and
aliases), used to identify headings (exact keys, title clean-up, prefix and fuzzy match), to
find games named in running text (attribution) and to count mentions (a text that opens
inside a game). The words around names (articles, "or", "の") are the language profiles'."""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cached_property

import regex
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from pipeline.ingest.normalize import normalize
from pipeline.patterns import compile_pattern

_HAN_OR_KATAKANA = compile_pattern(r"[\p{Han}\p{Katakana}]")
_LETTER_RUNS = compile_pattern(r"\p{L}+")
_MARKS = compile_pattern(r"\p{M}")
_NON_WORD = compile_pattern(r"\W")
_NOT_A_NAME = compile_pattern(r"\d{3,}|[,，、?？!！;；]")
_SPACES = compile_pattern(r"\s+")
_SYMBOL_ENDS = compile_pattern(r"^[\p{So}\s]+|[\p{So}\s]+$")   # "☕ DOFFA Crazy 8": an emoji is no part of a name
# a name's words: "Hold'em", "No-limit", "Beggar-my-neighbour" are one word each
_WORDS = compile_pattern(r"\w+(?:['’\-]\w+)*")

_MARKERS = compile_pattern(r"\{(?:\d{1,4}|[ivxlcdm]{1,8})\}|\[\d{1,3}\]")
FUZZY_CUTOFF = 90
FUZZY_CHARS_PER_EDIT = 8   # a fuzzy name match allows one edit per this many characters
MIN_MENTION_CHARS = 4   # shorter names ("99", "Nap") are too ambiguous in running text
MAX_READ_CHARS = 30          # a name is short: a longer key is not read for its sound
MIN_MENTION_CHARS_DENSE = 3  # in scripts without spaces a character says more (大富豪, 七並べ)
_DENSE = compile_pattern(r"[\p{Han}\p{Hiragana}\p{Katakana}]")


@dataclass(frozen=True)
class Match:
    game_id: str
    method: str   # exact | part | prefix | fuzzy
    score: float
    key: str


_PAREN = compile_pattern(r"\s*[(（][^)）]*[)）]\s*")
_SENTENCE_STOP = compile_pattern(r"[.。!?！？]\s")
_TRAILING_PAREN = compile_pattern(r"\s*[(（][^)）]*[)）]\s*$")
# where a page title parts its name from the rest ("X — правила и секреты", "X | Site", "X: rules")
# (and a title of two sentences, each a part: "1000: карточная игра. Правила игры в тысячу";
# a stop after a short word is an abbreviation: "St. Helena")
_TITLE_PARTS = compile_pattern(r"\s+[—–|-]\s+|\s*[:：|｜]\s+|(?<=\w{3})[.!?]\s+|[。！？]\s*(?=\S)")
_QUOTED_SPAN = compile_pattern(r"[\"«“„「『][^\"«»“”„「」『』\n]*[\"»”“」』]")


def title_parts(title: str) -> list[str]:
    """A title cut at its parts' separators, not inside a quoted name ("Игра «Ёкаи. Однажды…»")."""
    quoted = [m.span() for m in _QUOTED_SPAN.finditer(title)]
    parts, at = [], 0
    for m in _TITLE_PARTS.finditer(title):
        if not any(a < m.start() < b for a, b in quoted):
            parts.append(title[at:m.start()])
            at = m.end()
    return [*parts, title[at:]]
# a chapter number before a title: "32. Пикет", "第3章 ナポレオン", "3) Gin Rummy"
_NUMBERING = compile_pattern(r"^(?:\d{1,3}\s*[.)．]\s*|\d{1,3}\s+(?=\D)|第\s*\d{1,3}\s*[章節]\s*)")


def unnumbered(title: str) -> str:
    """A heading without its leading number ("2. THE ROOK." -> "THE ROOK.")."""
    return _NUMBERING.sub("", title.strip())


def game_index(knowledge) -> GameIndex:
    """The game-name index of a knowledge, built once."""
    return knowledge.compiled(("game_index",), lambda: GameIndex(knowledge))


def game_names(game) -> list[str]:
    """A game's names in every language, then its aliases."""
    return [n for n in [*game.names.model_dump().values(), *game.aliases] if n]


# a dash of any length between a name's words is one dash ("Веришь – не веришь", "Верю — не
# верю"); one character for one keeps the offsets
_ONE_SPACE = {**{ord(c): " " for c in "\n\t\r\f\v\u3000\u00a0"},
              **{ord(c): "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"}}


def _folded_words(groups) -> set[str]:
    """Every word of the term groups, folded as names are compared (letters only, case-folded)."""
    return {_NON_WORD.sub("", normalize(str(w)).casefold()) for group in groups for w in group.all_words()}


class NameFinder:
    """Finds game names in case-folded running text, leftmost and longest first, with the
    same tolerance as written names: the spaces of a name may be missing or doubled, a name may
    be split by a stray space ("シックス パック・ベジーク"), a Cyrillic name declines (вист,
    виста: up to three more letters). One pattern of all names with a space allowed between any
    two letters is correct but slow (milliseconds a sentence, once per fact); this tries the
    names as a set (`regex` named lists), and the slow form only for dense-script names in text
    that has dense-script letters."""

    def __init__(self, names: dict[str, str], spaced: dict[str, str]):
        self.keys = sorted(names, key=len, reverse=True)
        # a name hyphened onto a Latin word is part of a compound adjective, not the game: "a
        # joker-drawing game", "a whist-like game" (Cyrillic writes a variant's own name so:
        # «Мушка-Мистигри» is a form of Мушка)
        edge_before = r"(?<![\p{Latin}\p{Cyrillic}])(?<!\p{Latin}-)"
        edge_after = r"(?![\p{Latin}\p{Cyrillic}])(?!-\p{Latin})"
        # a katakana name is no part of a longer katakana word: キング in ランキング (a ranking),
        # ブリッジ in セブンブリッジ; a generic word may follow it (ポーカーゲーム, ナポレオンルール)
        kana = r"[\p{Katakana}ー]"
        edge_before += rf"(?!(?<={kana}){kana})"
        edge_after = rf"(?:(?<!{kana})|(?!{kana})|(?=ゲーム|カード|ルール|トランプ)){edge_after}"
        flexible = sorted(set(self.keys) | set(spaced), key=len, reverse=True)
        self._fast = compile_pattern(rf"{edge_before}(?:\L<names>)(?:(?<=\p{{Cyrillic}})\p{{Cyrillic}}{{0,3}})?{edge_after}",
                                   names=flexible or ["\x00"])
        dense = [k for k in self.keys if _DENSE.search(k)]
        alt = "|".join(r"\s?".join(regex.escape(ch) for ch in k) for k in dense) or "(?!)"
        self._dense = compile_pattern(rf"{edge_before}(?:{alt}){edge_after}")

    def finditer(self, text: str):
        # any whitespace between a name's words counts as its space ("ДВАДЦАТЬ\nОДНО"); one
        # character for one keeps the offsets
        found = list(self._fast.finditer(text.translate(_ONE_SPACE)))
        if _DENSE.search(text):
            found += list(self._dense.finditer(text))
        found.sort(key=lambda m: (m.start(), -(m.end() - m.start())))
        end = -1
        for m in found:
            if m.start() >= end:
                end = m.end()
                yield m


class GameIndex:
    def __init__(self, knowledge):
        self.knowledge = knowledge
        languages = knowledge.languages
        # Alternatives inside one heading: "NEWMARKET, OR STOPS", "ドゥラークまたは“ばか”",
        # "ОКШН-БРИДЖ, ИЛИ ОКШН": the languages' words first (", or" before a bare comma)
        # long web titles and breadcrumbs: "Лучшие карточные игры для двоих: Безик (Bezique)",
        # "Site | Game", "トランプ/ハーツ", "Games > Cards > Piquet"
        alternatives = [*languages.all_patterns(lambda p: p.names.alternative), r",\s*", "、", r"\s+\(", "（", r"\(",
                        r"\s*[:：|｜/／>›»]\s*", r"\s+[-–—]\s+"]
        self._alternatives = compile_pattern(r"(?i)\s*(?:" + "|".join(alternatives) + r")\s*")
        trailing = "|".join(regex.escape(w) for w in languages.all_patterns(lambda p: p.names.trailing)) or "(?!)"
        self._trailing = compile_pattern(rf"(?i)(?:\s*\(\s*\d+\s*\).*|\s*,\s*(?:{trailing})\s+.*|\s*[)）].*)$")
        articles = "|".join(regex.escape(w) for w in languages.all_patterns(lambda p: p.names.articles)) or "(?!)"
        self._article = compile_pattern(rf"(?i)^(?:{articles})\s+")
        # what may follow a game name at the start of a longer heading ("ブロートの…")
        self._prefix_joiners = tuple(languages.all_patterns(lambda p: p.names.prefix_joiners))
        self._suffix_joiners = tuple(languages.all_patterns(lambda p: p.names.suffix_joiners))
        self._title_forms = [compile_pattern(p) for p in languages.all_patterns(lambda p: p.names.title_forms)]
        # languages that decline names ("в дурака"): their morphology gives the dictionary form
        self._morphs = [lang for lang in languages if lang.morph is not None and lang.script is not None]
        # names that are also common words: never from a passing mention or a fuzzy match
        self._common_names = {normalize(n).casefold().strip() for g in knowledge.games
                              for n in (game_names(g) if g.common_word else g.common_names)}
        # letters folded in names (ё written е): every profile's `fold`
        self._folds = [(a, b) for lang in languages for a, b in lang.profile.fold.items()]
        self._not_names = {w.casefold() for w in languages.all_patterns(lambda p: p.names.not_names)}
        self._editions = {w.casefold() for w in languages.all_patterns(lambda p: p.names.editions)}
        standard = "|".join(f"(?:{w})" for w in languages.all_patterns(lambda p: p.names.standard_forms)) or "(?!)"
        self._standard = compile_pattern(rf"^[ \t]*(?:{standard})(?:[ \t]+|(?=[\p{{Han}}\p{{Katakana}}]))")
        self._clause = compile_pattern("|".join(languages.all_patterns(lambda p: p.names.clause)) or "(?!)")
        # a summary's label ("Players", 内容物, "Состав игры") heads a row or a block, never a game
        self._label = compile_pattern("|".join(f"(?:{w})" for lang in languages
                                               for ws in lang.profile.statements.labels.values() for w in ws) or "(?!)",
                                      regex.IGNORECASE)
        self._key_memo: dict[str, str] = {}
        self._reading_memo: dict[str, str] = {}
        self._common_keys = {self.name_key(n) for n in self._common_names}
        self._all: dict[str, list[str]] = {}
        secondary: list[tuple[str, str]] = []
        for game in knowledge.games:
            for name in [*game.names.model_dump().values(), game.id.replace("-", " "), *game.aliases]:
                if not name:
                    continue
                self._add(self.name_key(name), game.id)
                # "Vingt-et-un (dice)" is also called plain "Vingt-et-un": an ambiguous key
                bare = _PAREN.sub(" ", name).strip()
                if bare != name:
                    secondary.append((self.name_key(bare), game.id))
        for key, gid in secondary:
            self._add(key, gid)
        self.keys = {k: v[0] for k, v in self._all.items()}
        self._fuzzy_keys = [k for k in self.keys if len(k) >= 5]
        # Longest first, so "rubicon piquet" wins over "piquet" as a prefix.
        self._prefix_keys = sorted((k for k in self.keys if len(k) >= 3), key=len, reverse=True)

    def name_key(self, text: str) -> str:
        """Comparable form of a name: width-normalized, case-folded, letters and digits only,
        without a leading article."""
        key = self._key_memo.get(text)
        if key is None:
            folded = self._fold(_MARKERS.sub("", normalize(html.unescape(text))).casefold())
            folded = self._article.sub("", folded.strip())
            key = self._key_memo[text] = "".join(ch for ch in folded if ch.isalnum())
        return key

    def _fold(self, text: str) -> str:
        for a, b in self._folds:
            text = text.replace(a, b)
        return text

    def dictionary_words(self, text: str) -> list[str]:
        """The words of `text`, each in its dictionary form where a profile has a morphology."""
        words = _LETTER_RUNS.findall(_MARKS.sub("", normalize(text)).casefold())
        out = []
        for w in words:
            lang = next((lg for lg in self._morphs if lg.script.search(w)), None)
            parses = lang.morph.parse(w) if lang else []
            out.append(self._fold(parses[0].normal_form) if parses else self._fold(w))
        return out

    def plausible_name(self, name: str, quoted: bool = False, any_grammar: bool = False) -> str | None:
        """A provisional game's name cleaned ("Бура́ (тридцать одно)" -> "Бура"), or None when it is
        not a name: too long, a number, or only words a title wraps ("Правила игр"); with
        `any_grammar`, a name of any grammar (a whole quoted subject the text calls a game:
        «шестая берёт» - это карточная игра)."""
        clean = _PAREN.sub(" ", _MARKS.sub("", normalize(name)))
        # quotes, Markdown marks, a plain-text edition's italics (_IRISH LOO_) and decorations (■X■)
        ends = " \t\"'«»「」『』【】<>＜＞〈〉《》*#:：.,-_■□◆◇●○★☆※"
        clean = _SYMBOL_ENDS.sub("", _SPACES.sub(" ", clean).strip(ends)).strip(ends)
        words = _WORDS.findall(clean)
        if not (0 < len(words) <= 4 and 2 <= len(clean) <= 40) or _NOT_A_NAME.search(clean) \
                or self._clause.search(clean) or self._label.fullmatch(clean):
            return None  # a clause or a question, not a name
        forms = self.dictionary_words(clean) or [clean.casefold()]
        if all(f in self._not_names for f in forms) or all(w.casefold() in self._not_names for w in words) \
                or self._only_wrapping(clean):
            return None   # (in a script without spaces the words stand together: プレイの仕方)
        if not any_grammar and not self.noun_phrase(words):
            return None  # "Знаете ли вы": a clause, not a name
        if _NON_WORD.sub("", clean.casefold()) in self._term_words:
            return None  # a heading "パック", "Trumps": a word of play, not a game's name
        if _DENSE.search(clean) and not _HAN_OR_KATAKANA.search(clean) and not quoted:
            return None  # "ここで": kana alone are particles and endings, not a name (unless quoted: 「でん」)
        return clean

    def oblique(self, phrase: str) -> bool:
        """Where a profile has a morphology: the phrase's nouns can only be in a case no subject
        takes ("Таким образом", instrumental: an adverb, not a sentence's subject)."""
        nouns = []
        for word in (w.casefold() for w in phrase.split()):
            lang = next((lg for lg in self._morphs if lg.script.search(word)), None)
            nouns += [p for p in (lang.morph.parse(word) if lang else []) if p.tag.POS == "NOUN"]
        return bool(nouns) and all(p.tag.case in ("ablt", "datv", "loct") for p in nouns)

    def noun_phrase(self, words: list[str]) -> bool:
        """Where a profile has a morphology: one of the name's words can be a noun ("Тузы
        вверх"), or is a word the dictionary does not know (a foreign or made-up name), or the
        name is one adjective standing for a noun ("Цыганский")."""
        judged = False
        for i, word in enumerate(w.casefold() for w in words):
            lang = next((lg for lg in self._morphs if lg.script.search(word)), None)
            if lang is None:
                continue
            judged = True
            parses = lang.morph.parse(word)
            # the head (last word) may be read any way; another word only as its likeliest
            # reading ("ли" is no noun in "Знаете ли вы")
            if any(p.tag.POS == "NOUN" or not p.is_known for p in (parses if i == len(words) - 1 else parses[:1])):
                return True
            if len(words) == 1 and any(p.tag.POS == "ADJF" for p in parses):
                return True
        return not judged

    def is_common_key(self, key: str) -> bool:
        """The name key is one of the names that are also common words ("king", "дурак")."""
        return key in self._common_keys

    def games_of_key(self, key: str) -> list[str]:
        return list(self._all.get(key, ()))

    def keys_of_game(self, game_id: str) -> list[str]:
        return self._keys_by_game.get(game_id, [])

    @cached_property
    def _keys_by_game(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for k, ids in self._all.items():
            for gid in dict.fromkeys(ids):
                out.setdefault(gid, []).append(k)
        return out

    @cached_property
    def _family_keys(self) -> frozenset[str]:
        """The keys of every game another game is a variant of or a member of the family of."""
        kn = self.knowledge
        above = {g.parent for g in kn.games if g.parent} | {g.family for g in kn.games if g.family in kn.by_id}
        return frozenset(k for gid in above for k in self.keys_of_game(gid))

    def _add(self, key: str, game_id: str) -> None:
        if key:
            ids = self._all.setdefault(key, [])
            if game_id not in ids:
                ids.append(game_id)

    def _pick(self, key: str, context: list[str], table: dict[str, list[str]] | None = None) -> str:
        """Of the games a key names, the one closest to the context (same line, then family)."""
        ids = (self._all if table is None else table)[key]
        if len(ids) == 1 or not context:
            return ids[0]
        kn = self.knowledge
        lines = {g for c in context for g in kn.family_line(c)}
        families = {kn.by_id[c].family for c in context if c in kn.by_id}
        for gid in ids:
            if set(kn.family_line(gid)) & lines and gid not in context:
                return gid
        for gid in ids:
            if kn.by_id[gid].family in families:
                return gid
        return ids[0]

    def named_in_title(self, title: str) -> str | None:
        """The name a title form wraps ("Rules of X", "Xのルール", "Правила игры в X"), if any: in
        the whole title, else in one of its parts ("X card game — rules and tips", "X | Site"),
        without the words a title wraps around a name ("Карточная игра червы онлайн")."""
        # (a heading's decoration brackets are no part of it: 【ごいたとは?】)
        t = _NUMBERING.sub("", _MARKERS.sub("", normalize(title)).strip().strip("【】〔〕").rstrip("。.．:：?？"))
        bare = _TRAILING_PAREN.sub("", t)   # "スペードのやり方の説明（慶三）": its author, its site
        for part in [t, *([bare] if bare and bare != t else []),
                     *(p.strip() for p in title_parts(t) if p.strip() and p.strip() != t)]:
            for form in self._title_forms:
                m = form.match(part)
                if not m:
                    continue
                # a form may say its name is governed ("играть в итальянскую канасту"): the
                # name is then given in its dictionary form ("итальянская канаста")
                declined = m.groupdict().get("declined")
                if _SENTENCE_STOP.search(declined or m.groupdict().get("name") or ""):
                    continue   # "кинг правила. Кинг": two sentences, no name
                name = self._without_wrapping_words(declined or m.groupdict().get("name") or "")
                # a form that wraps only title words ("トランプのルール", "Правила игр") names no game
                return (self.nominative(name) if declined else name) or None
        return None

    def nominative(self, phrase: str) -> str:
        """A noun phrase a preposition put in the accusative or genitive, in the nominative,
        where a profile's morphology knows its words; other words as written."""
        out = []
        for w in phrase.split():
            lang = next((lg for lg in self._morphs if lg.script.search(w)), None)
            parse = next((p for p in (lang.morph.parse(w) if lang else [])
                          if p.tag.POS in ("NOUN", "ADJF") and p.tag.case in ("accs", "gent")), None)
            form = parse.inflect({"nomn"}) if parse is not None else None
            word = form.word if form is not None else w
            out.append(word[:1].upper() + word[1:] if w[:1].isupper() else word)
        return " ".join(out)

    def name_part(self, title: str) -> str:
        """Of a title in parts, the one part that is not only words a title wraps around a name
        ("基本ルール - カルク -" -> "カルク", "Rules | Spit" -> "Spit"); else the title."""
        parts = [p.strip(" \t-–—|:：") for p in title_parts(normalize(title).strip())]
        parts = [p for p in parts if p]
        named = [p for p in parts if not self._only_wrapping(p)]
        return named[0] if len(parts) > 1 and len(named) == 1 else title

    def _only_wrapping(self, part: str) -> bool:
        words = [w.strip(".,!?") for w in part.casefold().split()]
        # (in any form: "Карточные игры" is карточный + игра)
        if words and all(w in self._not_names or self._only_title_word(w) for w in words):
            return True
        if not _DENSE.search(part):
            return False
        rest = part.casefold()   # a script without spaces writes them together: 基本ルール
        for w in sorted((w for w in self._not_names if _DENSE.search(w)), key=len, reverse=True):
            rest = rest.replace(w, "")
        return not rest.strip(" \t・･:：-–—")   # (and what joins them: "種類・カードゲーム")

    def without_title_words(self, name: str) -> str:
        """`name` without the words a description puts around and inside a name ("Детская
        карточная игра дамка" -> "дамка", "Uno® Карточная игра DOS" -> "Uno DOS"); the name as
        it was when nothing would be left."""
        words = [w for w in normalize(name).replace("®", " ").replace("™", " ").split()]
        # (a short word inside a name stays: "Out of the Box")
        kept = [w for w in words if len(w) < 4 or not self._only_title_word(w)]
        return " ".join(kept) or name

    def _only_title_word(self, word: str) -> bool:
        forms = self.dictionary_words(word)
        return word.casefold() in self._not_names or bool(forms) and all(f in self._not_names for f in forms)

    def without_trailing_words(self, name: str) -> str:
        """`name` without the edition words after it ("ザ・ゲーム ドイツ語版")."""
        words = name.split()
        while len(words) > 1 and words[-1].casefold().strip(".,!?") in self._editions:
            words.pop()
        return " ".join(words)

    def _without_wrapping_words(self, name: str) -> str:
        """`name` without leading or trailing words that are no names ("online", "онлайн")."""
        words = name.split()
        # (in any form: "кинг правила" is кинг and правило)
        while words and self._only_title_word(words[-1].strip(".,!?")):
            words.pop()
        while words and self._only_title_word(words[0].strip(".,!?")):
            words.pop(0)
        return " ".join(words)

    def parts(self, title: str) -> list[str]:
        t = _MARKERS.sub("", normalize(html.unescape(title))).strip().rstrip("。.．:：")
        out = [t, self._trailing.sub("", t), _NUMBERING.sub("", t)]
        out += [p for p in self._alternatives.split(t) if p]
        out += [self._trailing.sub("", p) for p in self._alternatives.split(t) if p]
        seen, uniq = set(), []
        for p in out:
            k = self.name_key(p)
            if k and k not in seen:
                seen.add(k)
                uniq.append(k)
        return uniq

    def leading_match(self, title: str, max_words: int = 6) -> Match | None:
        """The known game whose whole name is the longest run of the title's first words
        ("Rolling Stone For 4, 5 or 6 players" names Rolling Stone)."""
        words = title.split()
        for n in range(min(len(words), max_words), 0, -1):
            m = self.match(" ".join(words[:n]), allow_prefix=False, allow_numeric=False)
            if m and m.method == "exact":
                return m
        return None

    def match(self, title: str, *, allow_prefix: bool = True, allow_numeric: bool = True,
              context: list[str] | None = None) -> Match | None:
        context = context or []
        keys = self.parts(title)
        if not allow_numeric:
            keys = [k for k in keys if not k.isdigit()]
        if not keys:
            return None
        whole = keys[0]
        if whole in self.keys:
            return Match(self._pick(whole, context), "exact", 100.0, whole)
        # an aside in brackets inside a name: "DUMMY (OR THREE-HANDED) QUINTO" names Dummy Quinto
        bare = self.name_key(_PAREN.sub(" ", _MARKERS.sub("", normalize(title))).strip().rstrip("。.．:："))
        if bare != whole and bare in self.keys:
            return Match(self._pick(bare, context), "exact", 100.0, bare)
        plain = self._standard.sub("", normalize(title), count=1)
        if plain.strip() and plain != normalize(title) and self.name_key(plain) in self.keys:
            # "Classic Uno", «Классическое Уно»: the game in its usual form, the game itself
            return Match(self._pick(self.name_key(plain), context), "exact", 100.0, self.name_key(plain))
        for k in keys[1:]:
            if k in self.keys:
                return Match(self._pick(k, context), "part", 100.0, k)
        named = self.named_in_title(title)
        for k in [self.name_key(p) for p in ([named, *self._alternatives.split(named)] if named else [])]:
            if k in self.keys:  # "Rules of X", "Xの遊び方": about the game (a topic inside it, in context)
                return Match(self._pick(k, context), "title", 100.0, k)
        for text, method in ((title, "exact"), *(((named, "title"),) if named else ())):
            gid = self.with_family_name(text)
            if gid:   # "Пасьянс Косынка", "Klondike Solitaire": the game, not its family
                return Match(gid, method, 100.0, self.name_key(text))
        if allow_prefix:
            norm = _MARKERS.sub("", normalize(title)).casefold()
            for k in self._prefix_keys:
                if whole.startswith(k):
                    rest = norm[len(k):] if norm.startswith(k) else None
                    # the prefix must end at a word joint ("ブロートの…"), not inside a word
                    if rest is not None and rest.startswith(self._prefix_joiners):
                        return Match(self._pick(k, context), "prefix", 95.0, k)
            for k in self._prefix_keys:   # the name after a clause: 「記憶力を競う神経衰弱」
                if self._suffix_joiners and whole.endswith(k) and len(whole) > len(k) and norm.endswith(k) \
                        and norm[:-len(k)].endswith(self._suffix_joiners):
                    return Match(self._pick(k, context), "prefix", 95.0, k)
        for k in self._dictionary_forms(title):
            if k in self.keys:
                return Match(self._pick(k, context), "inflected", 100.0, k)
        for k in self._reading_forms(keys):
            if k in self._by_reading:   # 7ならべ for 7並べ: the same name, written in kana
                return Match(self._pick(k, context, self._by_reading), "reading", 100.0, k)
        if len(whole) >= 5 and self._fuzzy_keys:
            best = process.extractOne(whole, self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            # a name that is also a common word ("King", "Hearts") is a game only when written out
            # a spelling differs by a letter or so ("Besique", "Picquet"); "Blind Euchre" is no
            # "Bid Euchre": a word changed is another name
            if best and best[0] not in self._common_keys \
                    and Levenshtein.distance(whole, best[0]) <= max(1, len(whole) // FUZZY_CHARS_PER_EDIT):
                return Match(self._pick(best[0], context), "fuzzy", float(best[1]), best[0])
        return None

    def _dictionary_forms(self, title: str) -> list[str]:
        """Keys of the title's parts with each declined word in its dictionary form ("Правила игры
        в переводного дурака" -> "переводной дурак"), for languages with a morphology."""
        out: list[str] = []
        texts = [title, *(p for p in [self.named_in_title(title)] if p)]
        for lang in self._morphs:
            for text in texts:
                if not lang.script.search(text):
                    continue
                for part in [text, *self._alternatives.split(text)]:
                    words = _LETTER_RUNS.findall(normalize(part).casefold())
                    if not words or len(words) > 4:
                        continue
                    forms = []
                    for w in words:
                        parses = lang.morph.parse(w)
                        # an adjective agrees with its noun: take the masculine nominative it comes from
                        forms.append(lang.numbers.fold(parses[0].normal_form) if parses else w)
                    key = self.name_key(" ".join(forms))
                    if key and key not in out:
                        out.append(key)
        return out

    @cached_property
    def _readers(self) -> list:
        return [lang for lang in self.knowledge.languages if lang.profile.names.by_reading and lang.script]

    @cached_property
    def _by_reading(self) -> dict[str, list[str]]:
        """Reading -> games, for the names of the languages that compare names by their sound."""
        out: dict[str, list[str]] = {}
        for lang in self._readers:
            for game in self.knowledge.games:
                for name in [*game.names.model_dump().values(), *game.aliases]:
                    if name and lang.script.search(name):
                        key = self.name_key(lang.reading(_PAREN.sub(" ", name).strip()) or "")
                        ids = out.setdefault(key, []) if key else []
                        if key and game.id not in ids:
                            ids.append(game.id)
        return out

    def _reading_forms(self, keys: list[str]) -> list[str]:
        """The readings of a title's keys in the scripts of languages that read names by sound."""
        out = []
        for lang in self._readers:
            for k in keys:
                if lang.script.search(k) and len(k) <= MAX_READ_CHARS:
                    if k not in self._reading_memo:
                        self._reading_memo[k] = self.name_key(lang.reading(k) or "")
                    read = self._reading_memo[k]
                    if read and read not in out:
                        out.append(read)
        return out

    def near_miss(self, title: str) -> tuple[str, float] | None:
        """The closest game name below the cut-off (for 'ambiguous heading' warnings)."""
        keys = self.parts(title)
        if not keys or len(keys[0]) < 5 or not self._fuzzy_keys:
            return None
        best = process.extractOne(keys[0], self._fuzzy_keys, scorer=fuzz.ratio, score_cutoff=80)
        return (self.keys[best[0]], float(best[1])) if best else None

    # --- names in running text -------------------------------------------------------------

    @cached_property
    def _card_words(self) -> set[str]:
        """Card and scoring words of every language: a game name that is also one ("King",
        ルビコン, ポイント) says nothing about which game a sentence is about."""
        kn = self.knowledge
        return _folded_words([*kn.terms.ranks.values(), *kn.terms.suits.values(), *kn.terms.terms,
                              *kn.facets.items.values()])

    @cached_property
    def _term_words(self) -> set[str]:
        """The words of play alone (pack, trump, stock): no game's name (a rank or a suit may
        be one: King, Король, Spades)."""
        return _folded_words([t for t in self.knowledge.terms.terms if not t.games])   # not one game's own terms

    def _is_card_word(self, word: str) -> bool:
        """A card or scoring word, or its plural as the rank reader takes it ("Sevens", "Kings")."""
        words = self._card_words
        return word in words or word.endswith("s") and (word[:-1] in words or word.endswith("es") and word[:-2] in words)

    def _names_pattern(self, card_words: bool, common: bool = False, short: bool = False) -> tuple[NameFinder, dict[str, str]]:
        """A pattern finding game names in running (case-folded) text, and name -> game. Short or
        numeric names ("99", "500") and common-word games are left out; with `card_words` False,
        so are names that are also card or scoring words ("Skat" the widow, ルビコン); with
        `short`, names of three letters stay (a title's "Uno", "Nap": `title_matches` takes
        them only written as names)."""
        names: dict[str, str] = {}
        spaced: dict[str, str] = {}
        for g in self.knowledge.games:
            for n in game_names(g):
                key = normalize(n).casefold().strip().translate(_ONE_SPACE)
                shortest = MIN_MENTION_CHARS_DENSE if _DENSE.search(key) else MIN_MENTION_CHARS - short
                if len(key) >= shortest and not key.isdigit() and (common or key not in self._common_names) \
                        and (card_words or not self._is_card_word(_NON_WORD.sub("", key))):
                    names.setdefault(_SPACES.sub("", key), g.id)
                    spaced.setdefault(_SPACES.sub(" ", key), g.id)
        return NameFinder(names, spaced), names

    @cached_property
    def text_names(self) -> tuple[NameFinder, dict[str, str]]:
        """Names that say which game a sentence is about (attribution): no card words."""
        return self._names_pattern(card_words=False)

    @cached_property
    def title_names(self) -> tuple[NameFinder, dict[str, str]]:
        """Names read in a title, where even a common word names the game ("… in pitch?"), and a
        short name written as one ("Правила Уно")."""
        return self._names_pattern(card_words=True, common=True, short=True)

    def title_matches(self, text: str, short: bool = True):
        """The names `title_names` finds in a short text, with its normalized form: a name
        shorter than a running-text mention counts only written as a name, capitalized and
        whole, and no common word ("UNO", "Nap"; not "nap time", "Уносим", "Game Set")."""
        norm = normalize(text)
        names = self.title_names[1]
        for m in self.title_names[0].finditer(norm.casefold()):
            word = _SPACES.sub("", m.group())
            base = next((word[:len(word) - cut] for cut in range(4) if word[:len(word) - cut] in names), word)
            if len(base) < MIN_MENTION_CHARS and not _DENSE.search(word) and not (
                    short and word == base and base not in self._common_keys
                    and len(norm) == len(norm.casefold()) and norm[m.start()].isupper()):
                continue
            yield m, norm

    @cached_property
    def mention_names(self) -> tuple[NameFinder, dict[str, str]]:
        """Names counted to find the game a whole text keeps naming: card words allowed."""
        return self._names_pattern(card_words=True)

    def game_of_mention(self, found: str) -> str | None:
        """The game a name found in text stands for; a declined name may carry up to 3 more letters."""
        return self._lookup(found, self.title_names[1])

    def games_of_mention(self, found: str) -> list[str]:
        """Every game a name found in text may stand for ("All Fives": the All Fours variety and
        the dominoes game); the first is the one `game_of_mention` gives."""
        first = self.game_of_mention(found)
        return [first, *(g for g in self.games_of_key(self.name_key(found)) if g != first)] if first else []

    def plain_mention(self, found: str) -> str | None:
        """The game a name found in text stands for, if that name is no card or scoring word."""
        return self._lookup(found, self.text_names[1])

    @staticmethod
    def _lookup(found: str, names: dict[str, str]) -> str | None:
        found = _SPACES.sub("", found)
        gid = names.get(found)
        for cut in range(1, 4):
            if gid is None and len(found) > cut + 3:
                gid = names.get(found[:-cut])
        return gid

    def games_named_in(self, text: str, common: bool = True) -> list[str]:
        """Every game a short text (a title) names, in the order named; with `common` False, a name
        that is also a common word counts only written as a name ("Go Fish setup", not "… how
        the winner is decided")."""
        out: list[str] = []
        for m, norm in self.title_matches(text):
            gid = self.game_of_mention(m.group())
            if gid and not common and self.is_common_key(self.name_key(m.group())) \
                    and not (len(norm.casefold()) == len(norm) and not norm[m.start()].islower()):
                continue
            if gid and gid not in out:
                out.append(gid)
        return out

    def games_within(self, name: str) -> list[str]:
        """The known games whose whole name is a run of the name's first or last words, short
        names included ("Mattel Uno", "Uno Dos"): what a name of more words is a form of."""
        words = _WORDS.findall(normalize(name))
        out: list[str] = []
        for i in range(1, len(words)):
            for part in (words[i:], words[:i]):
                key = self.name_key(" ".join(part))
                if key in self.keys and not key.isdigit() and key not in self._common_keys \
                        and self.keys[key] not in out:
                    out.append(self.keys[key])
        return out

    def with_family_name(self, named: str) -> str | None:
        """The known game a name is with the name of a game above it in its line, and no other
        word ("Texas Holdem poker", "Klondike Solitaire", "Пасьянс Косынка"): that game, not a
        form of it and not its family."""
        key = self.name_key(named)
        if not any(k != key and k in key for k in self._family_keys):
            return None   # (cheap: no family's name in it)
        for gid in self.games_named_in(named):
            # (the game its family is named after is above it too: Klondike's parent is none)
            family = self.knowledge.by_id[gid].family
            above = [*self.knowledge.family_line(gid)[1:], *([family] if family in self.knowledge.by_id else [])]
            for own in self.keys_of_game(gid):
                if any(key in (own + k, k + own) for g in above for k in self.keys_of_game(g)):
                    return gid
        return None

    def named_in_text(self, text: str) -> str | None:
        """The game named first in a short text such as a title ("How to play and score popular card
        game pinochle?", "Кодекс преферанса", "… tie for game in pitch?"): card and common words allowed."""
        # (no short name: a heading or a title line naming "Uno" among other words is read for
        # the most specific name first, "Mattel Uno")
        for m, _ in self.title_matches(text, short=False):
            gid = self.game_of_mention(m.group())
            if gid:
                return gid
        return None

    def mentions(self, text: str, card_words: bool = True) -> dict[str, int]:
        """How often each game is named in `text` (no short, numeric or common-word names;
        declined forms and stray spaces allowed). With `card_words` False, a name that is also a
        card or scoring word ("очко" a point, "skat" the widow) does not count."""
        counts: dict[str, int] = {}
        for gid, _, _ in self.mention_spans(normalize(text).casefold(), card_words):
            counts[gid] = counts.get(gid, 0) + 1
        return counts

    def mention_spans(self, folded: str, card_words: bool = True) -> list[tuple[str, int, int]]:
        """Each game named in `folded` (a text normalized and casefolded) with its offsets, as
        `mentions` counts them."""
        pattern = (self.mention_names if card_words else self.text_names)[0]
        return [(gid, m.start(), m.end()) for m in pattern.finditer(folded)
                if (gid := self.game_of_mention(m.group()))]
