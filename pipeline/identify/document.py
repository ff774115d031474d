"""The game a whole document is about, for texts without game headings: a web page, an
encyclopedia entry, a help file, a blog post with front matter, a forum or mail post.

The evidence, strongest first:
  1. a declared title: front matter (`Title: Piquet`), a mail/post subject (`SUB:`), a markup
     `<title>`;
  2. a title line: one of the first short lines of the text ("Бура и буркозел", "ナポレオン:");
  3. the first sentence's subject ("Piquet, a game …", "Пикет — …", "ナポレオンは…");
  4. the game named most often, when one clearly dominates.
A title form ("Rules of X", "Xのルール", "Правила игры в X") or a first sentence that calls its
subject a card game names a game even when games.yaml does not know it: a provisional game.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from pipeline.identify.index import game_index
from pipeline.identify.siblings import count_line, rule_words
from pipeline.ingest.markers import only_page_marks
from pipeline.ingest.normalize import normalize
from pipeline.patterns import BudgetedPattern, compile_pattern
from pipeline.positions import Covered, line_starts, split_lines

_WORDS = compile_pattern(r"\w+")

# declared titles: front matter and mail/post headers (any language writes them in ASCII)
# (a post's header may run its fields on one line: "Subj:X From:Y Date:Z": the title ends at the next)
_DECLARED = compile_pattern(r"(?im)^[ \t]*(?:title|subject|subj|sub)[ \t]*:[ \t]*(?P<title>[^\n]{2,100}?)[ \t]*"
                            r"(?:$|[ \t]+(?:from|date|to|cc|sent|author|posted)[ \t]*:)")
_MARKUP_TITLE = compile_pattern(r"(?i)<title\b[^<>\n]*>[ \t]*(?P<title>[^<>\n]{2,100}?)[ \t]*</title>")
_SENTENCE = compile_pattern(r"[^。.!?！？\n]{8,}[。.!?！？]?")
TITLE_LINES = 3        # how many of the first lines may be a title
TITLE_CHARS = 80       # a title line is short
MIN_MENTIONS = 2
SUBJECT_SENTENCES = 8  # a page's first sentences may be menus and breadcrumbs
LEAD_CHARS = 600       # a game named once, in the lead, and no other game: the text's game
PHRASE_CHARS = 1500    # game phrases ("the rules of X") are read in the lead
COMPARED_REACH = 30    # "similar to a game called X", 「X」というゲームに似て
CUE_CHARS = 300        # "… is a card game" right after a title line
AGREED_CHARS = 2000    # where a line may repeat the name the manifest's title gives


@dataclass(frozen=True)
class DocumentGame:
    game_id: str | None   # a known game, or None for a provisional one named `name`
    name: str | None      # the provisional game's name as written
    evidence: str         # declared-title | title-line | subject | game-phrase | quoted-variant | mentions | ...
    start: int            # ORIGINAL offset of the evidence (title line or sentence)
    parent: str | None = None   # a provisional variant's known game


_CLOSED = compile_pattern(r"[.!?。！？]\s*$")
_QUOTE = r"[「『«“\"]([^「」『』«»“”\"\n]{{2,{}}})[」』»”\"]"
_QUOTED = compile_pattern(_QUOTE.format(24))
_QUOTED_IN_TITLE = compile_pattern(_QUOTE.format(40))   # a manifest title may quote a longer name
# a name in single quotes right after the word "game": "Children's card game 'Bataflesh'" (an
# apostrophe inside a word is no quote; a title quotes in single quotes what it is about too:
# "app page with numbered 'Game Mechanics'")
_SINGLE_QUOTED = compile_pattern(r"(?<!\w)['‘]([^'‘’\n]{2,40})['’](?!\w)")


def _quoted_variant(index, lead: str, compared=lambda a, b: False) -> tuple[str, str, int] | None:
    """A quoted name in the lead that is a known game's name with more words ("「斜め七並べ」",
    "«Тысяча одно»"): (name, the known game, offset); not one `compared(start, end)` says is
    another game the text compares ("как в «американском дураке»")."""
    for m in _QUOTED.finditer(lead):
        name = m.group(1).strip()
        if compared(m.start(), m.end()):
            continue
        if index.match(name, allow_prefix=False):
            continue  # the known game itself
        inside = index.games_named_in(name)
        named = index.plausible_name(name)
        if len(inside) == 1 and named:
            return named, inside[0], m.start()
    return None


def _quoted_known(index, lead: str, body: str) -> tuple[str, str, int] | None:
    """Of the names quoted in the lead that are known games' own names, the one the body names
    most often (the first of equals): (name, game, offset)."""
    best = None
    for m in _QUOTED.finditer(lead):
        found = index.match(m.group(1).strip(), allow_prefix=False)
        if found and found.method in ("exact", "part"):
            n = body.count(m.group(1).strip())
            if best is None or n > best[0]:
                best = (n, m.group(1).strip(), found.game_id, m.start())
    return best[1:] if best else None


def _quoted_member(index, knowledge, lead: str, gid: str) -> str | None:
    """The most specific name wins: a title naming a family's game in passing ("Что такое
    пасьянс") over a lead that quotes one game of that family («Паук», "Spider", 「スパイダー」),
    a name that is also a common word, which only quotes make a name."""
    family = knowledge.by_id[gid].family if gid in knowledge.by_id else None
    for m in _QUOTED.finditer(lead):
        found = index.match(m.group(1).strip(), allow_prefix=False)
        # (the title's game is the family itself, "пасьянс", or the quoted game is a form of it;
        # not another game of its family the text compares: "Uno … как в «101»")
        if found and found.method in ("exact", "part") and found.game_id != gid and family \
                and knowledge.by_id[found.game_id].family == family \
                and (gid == family or gid in knowledge.family_line(found.game_id)):
            return found.game_id
    return None


_HANDLE = compile_pattern(r"(?<![\w.])@\w{2,}(?![\w.]*\.\w)")   # a byline's account: "… @nrmGOraku" (not an address)


def _title_lines(doc, start: int, end: int, not_title) -> list[tuple[int, str]]:
    """The first short non-blank lines of [start, end) (ORIGINAL offsets), skipping what
    `not_title(offset, line)` says is no title (a contents entry "Piquet, 463")."""
    out = []
    chunk = doc.text[start:end]
    for line, offset in zip(split_lines(chunk), line_starts(chunk), strict=True):
        pos = start + offset
        if line.strip() and len(line.strip()) > TITLE_CHARS:
            break  # (checked first: a long line is no title, and a page-reference test on it is slow)
        if line.strip() and not only_page_marks(line) and not _HANDLE.search(line) \
                and not not_title(pos, line.strip()):
            out.append((pos + len(line) - len(line.lstrip()), line.strip()))
            if len(out) >= TITLE_LINES:
                break
    return out


def _cue(knowledge, kind: str, lang: str) -> BudgetedPattern:
    """The document language's own cue words (a subject's end differs by language: a comma in
    English opens "Piquet, a game", in Russian it opens a clause)."""
    def build():
        words = getattr(knowledge.languages[lang].profile.names, kind)
        return compile_pattern("|".join(f"(?:{w})" for w in words) or "(?!)")
    return knowledge.compiled(("document_cue", kind, lang), build)


def _fact_label(knowledge, lang: str) -> BudgetedPattern:
    """A label-value line of a rules summary ("Players: 2-10", "人数：4人", "Количество колод: 2"):
    the language's facet labels (`statements: labels:`), a stop, a value. No game's name."""
    def build():
        words = [w for ws in knowledge.languages[lang].profile.statements.labels.values() for w in ws]
        # (the label alone on its line is one too: its value stands on the next, "使用カード\n53枚")
        return compile_pattern(rf"^[-•・*\s]*(?:{'|'.join(words) or '(?!)'})[*_]*\s*(?:[:：]\s*\S|$)", regex.IGNORECASE)
    return knowledge.compiled(("fact_label", lang), build)


def _known(index, text: str, *, prefix: bool) -> str | None:
    m = index.match(text, allow_prefix=prefix, allow_numeric=False)
    return m.game_id if m and m.method != "fuzzy" else None


def _first_subjects(knowledge, body: str, lang: str, skipped) -> list:
    """(sentence match, (subject, says it is a game)) of the first SUBJECT_SENTENCES sentences of
    `body`; a line with no sentence's stop (a screenshot's caption, a menu) is read but not
    counted among them."""
    out, counted = [], 0
    for seen, m in enumerate(_SENTENCE.finditer(body)):
        if counted >= SUBJECT_SENTENCES or seen >= 3 * SUBJECT_SENTENCES:
            break
        if skipped(m.start()):
            continue
        counted += bool(_CLOSED.search(m.group()))
        found = _subject(knowledge, m.group(), lang)
        if found:
            out.append((m, found))
    return out


COMPLEMENT_TAIL = 6   # what may follow the known game that ends a sentence: "です。", " game."


def _complement_game(index, predicate: str) -> str | None:
    """The known game that ends a sentence's predicate ("…の大富豪です", "… a kind of Rummy."),
    the complement of its subject."""
    folded = normalize(predicate).casefold().rstrip(" \t.。!！")
    found = [(m, gid) for m, _ in index.title_matches(folded, short=False) if (gid := index.game_of_mention(m.group()))]
    if not found:
        return None
    last, gid = found[-1]
    return gid if len(folded) - last.end() <= COMPLEMENT_TAIL else None


def _game_word_end(knowledge) -> BudgetedPattern:
    """A game word ending a text ("Настольная игра", "the card game"), any language's."""
    return knowledge.compiled("title_game_word", lambda: compile_pattern(
        "(?:" + "|".join(knowledge.languages.all_patterns(lambda p: p.names.game_words)) + r")\s*$"))


_QUOTED_END = compile_pattern(r"(?:«[^«»]{2,40}»|「[^「」]{2,40}」|『[^『』]{2,40}』|\"[^\"]{2,40}\"|“[^“”]{2,40}”)$")


def _subject(knowledge, sentence: str, lang: str) -> tuple[str, bool, bool] | None:
    """The subject of a first sentence, whether the sentence calls it a card game right after
    it ("X — карточная игра", "X is a card game for two", "Xはトランプゲーム"), and whether it
    stands in quotes."""
    end = _cue(knowledge, "subject_end", lang).search(sentence)
    if not end or end.start() == 0 or end.start() > 60:
        return None
    said = sentence[:end.start()].strip(" \t*#")
    named = _QUOTED_END.search(said)
    if named and _game_word_end(knowledge).search(said[:named.start()]):
        # "Настольная игра «Set» – это …": the quoted name a game word introduces is the subject
        said = named.group()
    subject = said.strip(" \t\"'«»「」『』")
    cue = _cue(knowledge, "game_cue", lang).search(sentence[end.end():end.end() + 60])
    # (quoted whole: a name whatever its grammar, «шестая берёт» - это игра)
    quoted = len(said) > len(subject) + 1 and said[0] in "\"'«「『" and said[-1] in "\"'»」』"
    return subject, bool(cue and cue.start() <= 20), quoted


def _phrase_game(knowledge, index, body: str, lang: str) -> tuple[str, int] | None:
    """The first game a game phrase of the document's language names ("the rules of Spit",
    "игра в кинга", "ナポレオンの遊び方"), with its offset in `body`."""
    def build():
        words = knowledge.languages[lang].profile.names.game_phrase
        return [compile_pattern(w) for w in words]
    found = []
    for pattern in knowledge.compiled(("game_phrase", lang), build):
        for m in pattern.finditer(body[:PHRASE_CHARS]):
            name = m.group("name")
            if index.is_common_key(index.name_key(name)):
                continue    # "a game of Indian origin": a common word is a game only by stronger evidence
            if not index.noun_phrase(_WORDS.findall(name)):
                continue    # «Правила игры просты»: a predicate, not a name («простой», a game's alias)
            gid = _known(index, name, prefix=True)
            # "игры в переводного дурака": the last word may carry the name alone
            if gid is None and " " in name.strip():
                gid = _known(index, name.split()[0], prefix=False)
            if gid:
                found.append((m.start(), gid))
                break
    return min(found)[::-1] if found else None


def _quoted_phrase_name(knowledge, index, body: str, lang: str) -> tuple[str, int] | None:
    """The first name a game phrase of the document's language quotes that games.yaml lacks
    (a quote mark right before it): (the name, its offset in `body`)."""
    def build():
        return [compile_pattern(w) for w in knowledge.languages[lang].profile.names.game_phrase]
    found = []
    for pattern in knowledge.compiled(("game_phrase", lang), build):
        for m in pattern.finditer(body[:PHRASE_CHARS]):
            at = m.start("name")
            if not (at > 0 and body[at - 1] in "「『«“\""):
                continue
            named = index.plausible_name(m.group("name"), quoted=True)
            if named and not _known(index, named, prefix=False):
                found.append((at, named))
                break
    return min(found)[::-1] if found else None


def _name_label(knowledge, index, head: str, lang: str) -> tuple[str, int] | None:
    """The value of the first label line that declares the game's name ("ゲーム名:ジェスター",
    "Название: Mau Mau"): (the title as written, its offset in `head`)."""
    def build():
        labels = knowledge.languages[lang].profile.names.name_labels
        if not labels:
            return compile_pattern("(?!)")
        words = "|".join(f"(?:{w})" for w in labels)
        return compile_pattern(rf"(?m)^[ \t]*(?:\*\*)?(?:{words})(?:\*\*)?[ \t]*[:：][ \t]*(?:\*\*)?"
                               rf"(?P<title>[^\n]{{1,60}}?)[ \t]*$")
    m = knowledge.compiled(("name_label", lang), build).search(head)
    return (m.group("title"), m.start("title")) if m else None


def _compared(knowledge, lang: str, text: str, a: int, b: int) -> bool:
    """Whether the name at text[a:b] is another game compared ("like Whist", 「七並べとは違い」,
    "как в бридже"): the profile's attribution words just before or after it."""
    def words(kind: str) -> BudgetedPattern:
        return knowledge.compiled(("naming_compared", kind, lang), lambda: compile_pattern(
            "|".join(f"(?:{w})" for w in getattr(knowledge.languages[lang].profile.attribution, kind)) or "(?!)",
            flags=regex.IGNORECASE))
    def listed_after() -> BudgetedPattern:   # the cue after more names of a list: "…や七点半と違って"
        attribution = knowledge.languages[lang].profile.attribution
        joined = "|".join(f"(?:{w})" for w in attribution.coordinators)
        cue = "|".join(f"(?:{w})" for w in attribution.compared_after)
        return compile_pattern(f"(?:(?:{joined})\\s*[^\\s。、，,.!?！？]{{1,16}}?\\s*){{1,3}}(?:{cue})"
                               if joined and cue else "(?!)", flags=regex.IGNORECASE)

    window = text[max(0, a - COMPARED_REACH):a]
    before = [m for m in words("compared_before").finditer(window) if len(window[m.end():].split()) <= 2]
    after = text[b:b + COMPARED_REACH].lstrip()
    return bool(before) or bool(words("compared_after").match(after)) \
        or bool(knowledge.compiled(("naming_compared_list", lang), listed_after).match(after))


def _title_agreed(index, doc, start: int, end: int, named_lines: list[tuple[int, str]],
                  declared_title: str | None) -> list[tuple[int, str]]:
    """The title lines the manifest's title agrees with, to be read first: a first line whose
    name the title's lead opens with ("花札 むし" for "花札 むし ルール 遊び方 (…)"); else, where the
    title names no known game, a line of the text's head that is the title's name alone
    (「九点半」 under a blog's banner and menus, for "九点半 — ボードゲーム・レビュー")."""
    if not declared_title:
        return []
    lead = index.name_key(_TITLE_LEAD.split(declared_title)[0])
    held = [(at, line) for at, line in named_lines if (k := index.name_key(index.name_part(line))) and lead.startswith(k)]
    own = _declared_name(index, declared_title)
    if held or not own or index.games_named_in(declared_title, common=False) or index.games_within(own):
        return held
    head = doc.text[start:min(end, start + AGREED_CHARS)]
    return [(start + offset + len(line) - len(line.lstrip()), line.strip())
            for line, offset in zip(split_lines(head), line_starts(head), strict=True)
            if line.strip() and len(line.strip()) <= TITLE_CHARS
            and index.name_key(line.strip(" \t#*=。.")) == index.name_key(own)]


def _uncompared_mentions(knowledge, index, body: str, lang: str) -> dict[str, int]:
    """How often each game is named in `body`, card words not counted, except where it is named
    to compare ("ゲームはブラックジャックに似ています", "like Whist"): the game a text is about is
    not the one it is likened to."""
    folded = normalize(body).casefold()
    counts: dict[str, int] = {}
    for gid, a, b in index.mention_spans(folded, card_words=False):
        if not _compared(knowledge, lang, folded, a, b):
            counts[gid] = counts.get(gid, 0) + 1
    return counts


def _naming(knowledge, index, body: str, lang: str) -> tuple[str | None, str | None, int] | None:
    """The first game a naming construction of the document's language names in the lead ("I call
    it Grid", 「花合わせ」という遊び, "игра под названием «Козёл»"): (known game, or None and the
    provisional name, its offset in `body`)."""
    def build():
        return [compile_pattern(w) for w in knowledge.languages[lang].profile.names.naming]

    found = []
    for pattern in knowledge.compiled(("naming", lang), build):
        for m in pattern.finditer(body[:PHRASE_CHARS]):
            if _compared(knowledge, lang, body, m.start(), m.end()):
                continue    # 「ぶたのしっぽ」というゲームに似ています: another game, compared
            name = m.group("name")
            gid = _known(index, name, prefix=False)
            named = None if gid else index.plausible_name(name, quoted=True)
            if gid or named:
                found.append((m.start("name"), gid, named))
                break
    return min(found) if found else None


_PARAGRAPHS = compile_pattern(r"[^\n]+(?:\n[ \t]*[^\s][^\n]*)*")


def _rules_paragraph(knowledge, index, body: str, lang: str) -> tuple[str, int, str] | None:
    """The game of the paragraph that states the most rules (counts of cards or packs) among the
    paragraphs that name exactly one game (not one they compare: "как в бридже", 「通常の七並べ
    とは違い」), or whose short line above names one (a title): a page's introduction names many
    games ("七並べ、ポーカー、ダウト…", "бридж … признан олимпийским видом спорта"), the rules
    name theirs (「ジジ抜き」は52枚のカードから…). (the game, the offset in `body` of the
    paragraph or title naming it, that paragraph's text)."""
    best = None
    above: tuple[str, int] | None = None      # the last paragraph, when it is a short line
    for m in _PARAGRAPHS.finditer(body):
        text = m.group()
        stated = len(rule_words(knowledge).findall(text))
        if stated and (best is None or stated > best[0]):
            named = _named_here(knowledge, index, text, lang)
            if len(named) == 1:
                best = (stated, named[0], m.start(), text)
            elif not named and above is not None:
                titled = _named_here(knowledge, index, above[0], lang)
                if len(titled) == 1:
                    best = (stated, titled[0], above[1], above[0] + "\n" + text)
        # a title: a short line that is no sentence ("Данный вариант … называется «Бридж»." is one)
        above = (text, m.start()) if len(text.strip()) <= TITLE_CHARS and not _CLOSED.search(text) else None
    return best[1:] if best else None


def _named_here(knowledge, index, text: str, lang: str) -> list[str]:
    """The games `text` names in running text, not in a comparison, in the order named."""
    out: list[str] = []
    folded = normalize(text).casefold()
    for m in index.text_names[0].finditer(folded):
        gid = index.plain_mention(m.group())
        if gid and gid not in out and not _compared(knowledge, lang, folded, m.start(), m.end()):
            out.append(gid)
    return out


MENU_RUN = 3          # this many short lines in a row, each a game's name: a menu of games
MENU_LINE_CHARS = 40


def menu_runs(index, text: str, start: int, end: int) -> list[tuple[int, int]]:
    """ORIGINAL spans of runs of short lines that are each a known game's whole name (a site's
    menu of games: "Пасьянсы / 1000 / Дурак / Покер"): entries, not a title or a mention."""
    runs: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    chunk = text[start:end]

    def close():
        if len(run) >= MENU_RUN:
            runs.append((run[0][0], run[-1][1]))
        run.clear()

    for line, offset in zip(split_lines(chunk), line_starts(chunk), strict=True):
        name = line.strip()
        if not name:
            continue    # a blank line inside a menu does not end it
        m = index.match(name, allow_prefix=False) if len(name) <= MENU_LINE_CHARS else None
        if m and m.method in ("exact", "part", "inflected", "reading"):
            run.append((start + offset, start + offset + len(line)))
        else:
            close()
    close()
    return runs


def _a_page_name(knowledge, index, doc, start: int, end: int, named: str, declared_title: str | None) -> bool:
    """An unknown title the text never names again, over a text whose game phrase quotes a game
    ("FreelyApps" over 「トランプゲームの「ゲスイット」」) or that writes the name the user's title
    gives (a shop's "參考匯率" over 「…カードゲーム ワードバスケットです」): the site's or the
    page's name, not its game's."""
    if _known(index, named, prefix=False):
        return False
    body = doc.normalized[doc.norm_index(start):doc.norm_index(end)]
    if body.casefold().count(named.casefold()) > 1:
        return False
    own = _declared_name(index, declared_title) if declared_title else None
    if own and index.name_key(named) not in index.name_key(own) and index.name_key(own) not in index.name_key(named) \
            and own.casefold() in body.casefold():
        return True
    return bool(_quoted_phrase_name(knowledge, index, body, doc.language)
                or _phrase_game(knowledge, index, body, doc.language))


def document_game(doc, knowledge, start: int, end: int, declared_title: str | None = None,
                  entries: list[tuple[int, int]] = (), not_title=lambda at, line: False,
                  not_prose: list[tuple[int, int]] = ()) -> DocumentGame | None:
    """The game the text between ORIGINAL offsets [start, end) is about (`_document_game`), or
    the form of it the declared title names: the most specific name wins."""
    found = _document_game(doc, knowledge, start, end, declared_title, entries, not_title, not_prose)
    return _declared_form(game_index(knowledge), doc.text[start:end], found, declared_title) or found


def _declared_form(index, text: str, found: DocumentGame | None, declared_title: str | None) -> DocumentGame | None:
    """A provisional form of the found known game when the declared title names the game with
    more words that the text writes too, as written ("Uno DOS" over a text whose first sentence
    speaks of classic Uno, "Перед вами одна из её версий - УНО DOS"); else None."""
    if not found or not found.game_id or not declared_title or found.evidence == "manifest-title":
        return None
    own = _declared_name(index, declared_title)
    if not own or _known(index, own, prefix=False) or index.games_within(own) != [found.game_id]:
        return None
    game_keys = set(index.keys_of_game(found.game_id))
    extra = [w for w in _WORDS.findall(own) if index.name_key(w) not in game_keys]
    written = set(_WORDS.findall(text))
    if not extra or any(w.islower() or w not in written for w in extra):
        return None
    return DocumentGame(None, own, "manifest-title", found.start, parent=found.game_id)


def _document_game(doc, knowledge, start: int, end: int, declared_title: str | None,
                   entries: list[tuple[int, int]], not_title, not_prose: list[tuple[int, int]]) -> DocumentGame | None:
    """The game the text between ORIGINAL offsets [start, end) is about, with its evidence;
    `declared_title` is the source's title in the manifest (the weakest evidence: the user's);
    `entries` are ORIGINAL spans of contents and index lists (no evidence: they name every game);
    `not_title(offset, line)` says a line is no title; `not_prose` are ORIGINAL spans of table
    rows, label lines and chrome: no title and no sentence with a subject ("Skills | Memory")."""
    index = game_index(knowledge)
    entries = [*entries, *menu_runs(index, doc.text, start, end)]
    head = doc.text[start:min(end, start + 3000)]
    for pattern in (_DECLARED, _MARKUP_TITLE):
        m = pattern.search(head)
        if m:
            found = _from_title(index, m.group("title"), "declared-title", start + m.start("title"))
            if found:
                return found
    label = _name_label(knowledge, index, head, doc.language)
    if label:   # the author's own declaration: "ゲーム名:ジェスター" (the value is the name itself)
        gid = _known(index, label[0], prefix=True)
        if gid:
            return DocumentGame(gid, None, "name-label", start + label[1])
        named = index.plausible_name(label[0])
        if named:
            return _named_game(index, named, "name-label", start + label[1])
    skipped = Covered([*entries, *not_prose])
    label = _fact_label(knowledge, doc.language)
    counted = count_line(knowledge)
    # (a line shaped as a label is a title when a title form reads it: "Бура: правила игры")
    lines = _title_lines(doc, start, end, lambda at, line: not_title(at, line)
                         or (at in skipped and not index.named_in_title(line))
                         or bool(label.search(line)) or bool(counted.search(line)))
    for i, (at, line) in enumerate(lines):
        gid = _known(index, line, prefix=True)
        if gid:
            return _series_entry(knowledge, index, doc.language, lines[i:], gid) \
                or DocumentGame(gid, None, "title-line", at)
    for at, line in lines:
        lead = _PAGE_TITLE_LEAD.split(line)[0]
        if lead != line and index.named_in_text(lead) and not index.named_in_title(lead):
            break   # "Обзор настольной игры Свинтус 2.0 - Игра в дом": the lead's known game, not the site's name
        named = index.plausible_name(index.named_in_title(line) or "")
        if named and not _a_page_name(knowledge, index, doc, start, end, named, declared_title):
            return _named_game(index, named, "title-line", at)
        if index.named_in_text(line):   # a title naming a known game among its words comes before a
            break                       # subtitle: "Combo Whist / The Taintless Card Game" is not "Taintless"
    lead_body = doc.normalized[doc.norm_index(start):doc.norm_index(min(end, start + PHRASE_CHARS * 2))]
    naming = _naming(knowledge, index, lead_body, doc.language)
    if naming:  # "I call it Grid", 「花合わせ」という遊び: stronger than a game named among a title's words
        offset, gid, named = naming
        at_naming = doc.orig_span(doc.norm_index(start) + offset, 0)[0]
        return DocumentGame(gid, None, "naming", at_naming) if gid else _named_game(index, named, "naming", at_naming)
    if lines:  # the first title line names a game among other words
        gid = index.named_in_text(lines[0][1])
        if gid:
            lead = doc.normalized[doc.norm_index(start):doc.norm_index(min(end, start + LEAD_CHARS * 2))]
            specific = _quoted_member(index, knowledge, lead, gid)
            return DocumentGame(specific or gid, None, "title-line", lines[0][0])
    body = doc.normalized[doc.norm_index(start):doc.norm_index(end)]
    for a, b in entries:  # contents lists name every game: blank them out (same length: offsets hold)
        na, nb = max(0, doc.norm_index(a) - doc.norm_index(start)), doc.norm_index(b) - doc.norm_index(start)
        if nb > 0:
            body = body[:na] + " " * (nb - na) + body[nb:]

    def at(offset: int) -> int:
        return doc.orig_span(doc.norm_index(start) + offset, 0)[0]

    unknown_subject = None
    table = Covered(not_prose)
    for m, (subject, says_game, quoted) in _first_subjects(knowledge, body, doc.language, lambda x: at(x) in table):
        m_subject = index.match(subject, allow_prefix=False, allow_numeric=False)
        gid = m_subject.game_id if m_subject and m_subject.method != "fuzzy" else None
        # a name that is also a common word ("Winner is the first to 10k") is the subject's game
        # only in a sentence that speaks of a game ("Kaiser, or three-spot, is a … card game")
        if gid and (says_game or not index.is_common_key(m_subject.key)
                    or _cue(knowledge, "game_cue", doc.language).search(
                        m.group(), m.group().find(subject) + len(subject))):
            return DocumentGame(gid, None, "subject", at(m.start()))
        # (a subject is no instrumental: "Таким образом, вся лента пасьянса …" is "thus")
        named = index.plausible_name(subject, quoted, any_grammar=quoted) \
            if says_game and not index.oblique(subject) else None
        if named and unknown_subject is None:   # ("Юный Свинтус": a form of Svintus, the most specific name)
            unknown_subject = _named_game(index, named, "subject", at(m.start()))
        # "トランプ・ミリオネアは早上がりが目的の大富豪です", "X is a variant of Rummy": a game the
        # sentence says is a kind of a known one, under its own name, in that game's line; only a
        # subject the text names again, its topic (not "the most basic way to play is Old Maid")
        own = index.plausible_name(subject) if unknown_subject is None and not (named or gid) \
            and body.count(subject) > 1 and not index.oblique(subject) else None
        kind_of = _complement_game(index, m.group()[m.group().find(subject) + len(subject):]) if own else None
        if kind_of:
            unknown_subject = DocumentGame(None, own, "subject", at(m.start()), kind_of)
    phrase = _phrase_game(knowledge, index, body, doc.language)
    if phrase:
        return DocumentGame(phrase[0], None, "game-phrase", at(phrase[1]))
    if unknown_subject:  # "X — карточная игра" of an X games.yaml lacks
        return unknown_subject
    quoted = _quoted_phrase_name(knowledge, index, body, doc.language)
    if quoted:  # 「トランプゲーム「でん」」, «игра «Сундучок»»: a game phrase names it, quoted
        return DocumentGame(None, quoted[0], "game-phrase", at(quoted[1]))
    # a line that is a sentence ("Deal all cards.") names nothing: a name is a phrase
    named_lines = [(at, line) for at, line in lines if not (_CLOSED.search(line) and len(_WORDS.findall(line)) >= 3)]
    if named_lines:  # a title line that is a name, in a text that calls it a card game at once
        named = index.plausible_name(index.without_trailing_words(index.name_part(named_lines[0][1])))
        cue = _cue(knowledge, "game_cue", doc.language).search(body[:CUE_CHARS])
        if named and cue and len(_WORDS.findall(named)) <= 3 \
                and not _a_page_name(knowledge, index, doc, start, end, named, declared_title):
            return DocumentGame(None, named, "title-line", named_lines[0][0])
    stated = _rules_paragraph(knowledge, index, body, doc.language)
    if stated:  # the one game named where the rules are stated, after an introduction naming others
        gid, offset, paragraph = stated
        variant = _quoted_variant(index, paragraph)   # the most specific name: 「斜め七並べ」
        if variant and variant[1] == gid:
            return DocumentGame(None, variant[0], "rules-paragraph", at(offset), gid)
        return DocumentGame(gid, None, "rules-paragraph", at(offset))
    variant = _quoted_variant(index, body[:LEAD_CHARS],
                              lambda a, b: _compared(knowledge, doc.language, body, a, b))
    if variant:  # «斜め七並べ»: a known game's name with more words, quoted: a variant of it
        name, parent, offset = variant
        known = _quoted_known(index, body[:LEAD_CHARS], body)
        # a known game quoted in the lead and named more often than the variant is the text's
        # game (「天正かるた」 in a history line, then 「こいこい」 all through the page)
        if known and body.count(known[0]) > body.count(name):
            return DocumentGame(known[1], None, "quoted-game", at(known[2]))
        return DocumentGame(None, name, "quoted-variant", at(offset), parent)
    # "очко" is a point before it is a game: in a text of unknown layout, card words do not count
    counts = _uncompared_mentions(knowledge, index, body, doc.language)
    agreed = _title_and_text_agree(knowledge, index, declared_title, counts, start) if declared_title else None
    if agreed:
        return agreed
    if counts:
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        best, n = ranked[0]
        runner = ranked[1][1] if len(ranked) > 1 else 0
        if n >= MIN_MENTIONS and n >= 2 * runner:
            return DocumentGame(best, None, "mentions", start)
        if len(counts) == 1 and index.mentions(body[:LEAD_CHARS], card_words=False):
            return DocumentGame(best, None, "mentions", start)
    for at_line, line in [*_title_agreed(index, doc, start, end, named_lines, declared_title), *named_lines[:1]]:
        # a name over rules: the text under the title line counts cards or packs at once
        named = index.plausible_name(index.without_trailing_words(index.name_part(line)))
        after = doc.normalized[doc.norm_index(at_line):doc.norm_index(min(end, at_line + CUE_CHARS))]
        if named and len(_WORDS.findall(named)) <= 3 and rule_words(knowledge).search(after) \
                and not _a_page_name(knowledge, index, doc, start, end, named, declared_title):
            return _named_game(index, named, "title-line", at_line)
    return _declared_game(knowledge, index, declared_title, body, start) if declared_title else None


_TRAILING_NUMBER = compile_pattern(r"\d{1,3}[ \t.:)]*$")


def _series_entry(knowledge, index, lang: str, lines: list[tuple[int, str]], gid: str) -> DocumentGame | None:
    """"Пасьянс №1." over "КОЛДУНЬЯ", "Patience No. 3" over "The Idiot's Delight": a title line
    that is a family's name and an entry number (the profile's `numbered` cue) labels an entry of
    a series; the name line under it is the entry's own name, the most specific, a form of that
    game when the registry does not know it."""
    (_, line), rest = lines[0], lines[1:]
    number = _TRAILING_NUMBER.search(line)
    if not number or not rest or lang not in knowledge.languages.codes:
        return None

    def build():
        cue = knowledge.languages[lang].profile.statements.cues.get("numbered") or ["(?!)"]
        return compile_pattern("|".join(f"(?:{c})" for c in cue), regex.IGNORECASE)
    before = line[:number.start()]
    label = knowledge.compiled(("numbered_cue", lang), build).search(before)
    if not label or _known(index, before[:label.start()].strip(" \t#№.,:"), prefix=False) != gid:
        return None
    at, own = rest[0]
    named = index.plausible_name(own)
    if not named:
        return None
    known = _known(index, named, prefix=False)
    return DocumentGame(known, None, "title-line", at) if known else DocumentGame(None, named, "title-line", at, parent=gid)


def _games_of_title(index, declared_title: str) -> list[str]:
    """The known games the user's title names: in its lead any name, in the rest only a name
    that is no common word ("the card game spoons — Q&A page"; not "… how the winner is decided")."""
    lead = _TITLE_LEAD.split(declared_title)[0]
    named = index.games_named_in(lead)
    return named + [g for g in index.games_named_in(declared_title, common=False) if g not in named]


def _title_and_text_agree(knowledge, index, declared_title: str, mentioned: dict[str, int],
                          start: int) -> DocumentGame | None:
    """The known game the user's title names (games of one line) and the text names too
    (`mentioned`: the text's names, counted): stronger than a count of another game's name
    ("вист" in a table of Preference)."""
    named = _games_of_title(index, declared_title)
    if not named or named[0] not in mentioned or any(g not in set(knowledge.family_line(named[0])) for g in named):
        return None
    return DocumentGame(named[0], None, "manifest-title", start)


def _declared_game(knowledge, index, declared_title: str, body: str, start: int) -> DocumentGame | None:
    """The game the user's title names, the text naming none itself: only a title that names
    one game, or games of one line ("Простой дурак (Simple-durak)"); "トランプ 中級編（目次: 超富豪,
    ページワン, …）" names many."""
    lead = _TITLE_LEAD.split(declared_title)[0]
    named = _games_of_title(index, declared_title)
    if named:
        first = named[0]
        line = set(knowledge.family_line(first))
        if all(g in line or first in knowledge.family_line(g) for g in named):
            own = _declared_name(index, declared_title)
            if own and not _known(index, own, prefix=False) and (first in index.games_within(own) or (
                    len(_WORDS.findall(own)) == 1 and first in index.games_named_in(own))):
                # the most specific name wins: "Karuta52 — app page" is Karuta52, a form of Karuta
                return _named_game(index, own, "manifest-title", start)
            if own and _glossed_by(index, lead, own):
                # "Frustration (contract rummy) — …": the name leads, the rest says what kind
                # of game it is; the most specific name wins, a form of that game
                return DocumentGame(None, own, "manifest-title", start, parent=first)
            return DocumentGame(first, None, "manifest-title", start)
    else:
        named = _declared_name(index, declared_title)
        # the user's title names the game the text states rules of and never names; or it
        # says in words that it is that game's rules ("スペードのやり方の説明", "Rules of X")
        if named and (rule_words(knowledge).search(body) or index.named_in_title(lead)):
            return _named_game(index, named, "manifest-title", start)
    return None


_TITLE_LEAD = compile_pattern(r"\s+[—–|]\s+")
_PAGE_TITLE_LEAD = compile_pattern(r"\s+[-—–|]\s+")   # a page's title line: "Name - Site"
_GLOSS = compile_pattern(r"^(?P<head>[^()（）]+?)\s*[(（][^()（）]+[)）]\s*$")


def _glossed_by(index, lead: str, own: str) -> bool:
    """The title's lead is an unknown name naming no known game, and only what the title says
    of it names the known one (what kind of game it is): a bracket ("Frustration (contract rummy)") or
    the description after the lead ("Dum Dum Rum Rum — seven-round contract rummy")."""
    m = _GLOSS.match(lead.strip())
    head = m.group("head") if m else lead
    if index.name_key(head) != index.name_key(own) or index.games_named_in(head):
        return False
    return _known(index, own, prefix=True) is None


def _declared_name(index, title: str) -> str | None:
    """The name a manifest title gives its text's game: a name it quotes ("Настольная игра
    «Дубль»", "株札の「カチカチ」"), else its lead part ("Gracias — rules leaflet"), without the
    words a title wraps around a name ("Rules of X"); None when that is no name ("Card Game Rules")."""
    lead = _TITLE_LEAD.split(title)[0]
    after_game = _game_word_end(index.knowledge)
    candidates = [m.group(1) for m in _QUOTED_IN_TITLE.finditer(title)]
    candidates += [m.group(1) for m in _SINGLE_QUOTED.finditer(title) if after_game.search(title[:m.start()])]
    candidates.append(index.named_in_title(lead) or lead)
    for candidate in candidates:
        named = index.plausible_name(index.without_title_words(index.named_in_title(candidate) or candidate))
        if named:
            return named
    return None


def _named_game(index, named: str, evidence: str, at: int) -> DocumentGame:
    """The game a title form names: a known one, or a provisional one, the variant of the one
    known game its name holds ("Italian Canasta", "итальянская канаста": the most specific name
    is the game, its family line goes through Canasta)."""
    gid = _known(index, named, prefix=False) or index.with_family_name(named)
    if gid:
        return DocumentGame(gid, None, evidence, at)
    inside = index.games_named_in(named) or index.games_within(named)
    return DocumentGame(None, named, evidence, at, parent=inside[0] if len(inside) == 1 else None)


def _from_title(index, title: str, evidence: str, at: int) -> DocumentGame | None:
    gid = _known(index, title, prefix=True)
    if gid:
        return DocumentGame(gid, None, evidence, at)
    named = index.plausible_name(index.named_in_title(title) or "")
    if named:
        return _named_game(index, named, evidence, at)
    gid = index.named_in_text(title)  # "Rubicon Bezique question": a declared title may say more
    return DocumentGame(gid, None, evidence, at) if gid else None


PART_LEAD = 80   # a game phrase this near a line's start opens that line's part of the page


def compilation_parts(doc, knowledge, start: int, end: int, found: DocumentGame,
                      declared_title: str | None) -> tuple[int, str] | None:
    """A page that gathers several answers ("подборка ответов"), identified by a game phrase
    that opens a later line ("Ответ на вопрос: Как играть в карты в «Козла»? …"): that line
    starts the phrase's game's part, and the lines before it are about the one other game the
    declared title names ("Как играть в буркозла … (буркозёл и козёл)"). Returns (ORIGINAL
    offset where the phrase's part starts, the game of the text before it), or None."""
    if found.evidence != "game-phrase" or found.game_id is None or not declared_title:
        return None
    line = doc.text.rfind("\n", start, found.start) + 1
    if line <= start or found.start - line > PART_LEAD or not doc.text[start:line].strip():
        return None
    others = [g for g in game_index(knowledge).games_named_in(declared_title) if g != found.game_id]
    return (line, others[0]) if len(others) == 1 else None
