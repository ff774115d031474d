"""What a search on the site also looks for: each word a reader may type, mapped to the other
words that mean the same, computed at build time (the browser has no morphology).

* Word forms: in a language with a morphology (its profile names one: Russian, pymorphy3), every
  form found in the site's texts is grouped with the other forms of its lemma(s) and the lemma
  itself (колоды, колод, колоду -> колода). Every candidate lemma is kept: a blank pipeline has
  no tagger to choose between readings.
* Names across languages and spellings: every scoring item and every game groups its names in
  every language and its historic spellings (repique, repic, レピック, репик); a name two
  concepts share joins neither. The general card vocabulary (deck, колода, 一組) is not
  expanded across languages, and no name the browser's Japanese segmenter would cut into single
  characters is used.

`assets/search-expand.js` adds the expansions to the query before the search runs."""

from __future__ import annotations

from pipeline.patterns import compile_pattern

_WORDS = compile_pattern(r"[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)*")
_CJK = compile_pattern(r"[\p{Han}\p{Hiragana}\p{Katakana}]")
_KATAKANA = compile_pattern(r"[\p{Katakana}ー・]+")
MAX_GROUP = 40   # a larger group is a common word, not a term: it would flood the results


def _concepts(knowledge) -> list[set[str]]:
    """The names of each scoring item and each game, in every language and spelling. The general
    card vocabulary (deck, pack, trump) is not expanded across languages: "колода" must find the
    pages with a form of колода, not every page that says "deck"."""
    kn = knowledge
    by_id: dict[str, set[str]] = {}
    for cid, names in kn.facets.items.items():
        by_id.setdefault(cid, set()).update(str(w) for w in names.all_words())
    for g in kn.games:
        by_id[f"game:{g.id}"] = {n for n in (g.names.en, g.names.ja, g.names.ru, *g.aliases) if n}
    return [{w.lower() for w in group if w.strip() and _searchable(w)} for _, group in sorted(by_id.items())]


def _searchable(name: str) -> bool:
    """A name the theme's search takes as it is: not one the Japanese segmenter of the browser
    cuts into single characters (一組 -> 一, 組: a one-character word matches nearly every
    Japanese page). A name in katakana stays one word; kanji and kana names are left out."""
    cjk = _CJK.findall(name)
    return not cjk or (len(name) >= 2 and _KATAKANA.fullmatch(name) is not None)


def _form_groups(result) -> list[set[str]]:
    """Per lemma of a language with a morphology: the forms of the site's texts that may have it,
    the lemma, and for a noun its other forms too ("колод" for колода, found in no text here)."""
    languages = result.knowledge.languages
    by_lemma: dict[tuple[str, str], set[str]] = {}
    for source in result.sources:
        language = languages[source.language] if source.language in languages.codes else None
        morph = language.morph if language is not None else None
        if morph is None:
            continue
        words = {m.group().lower() for m in _WORDS.finditer(result.documents[source.id].text)}
        for w in sorted(words):
            if language.script is not None and not language.script.match(w[0]):
                continue   # a word of another script (an English name in a Russian text)
            for parse in morph.parse(w):
                key = (language.code, parse.normal_form)
                if key not in by_lemma:
                    by_lemma[key] = {parse.normal_form}
                    if parse.tag.POS == "NOUN":
                        by_lemma[key].update(f.word for f in parse.lexeme if f.word.isalpha())
                by_lemma[key].add(w)
    return [by_lemma[k] for k in sorted(by_lemma)]


def search_expansions(result) -> dict:
    """{"groups": [[word, ...], ...], "words": {word: [group index, ...]}}: a search for a word
    also looks for every word of its groups (its forms; the names of the concept it names, and
    their forms). Groups are stored once: the file stays small."""
    concepts = [c for c in _concepts(result.knowledge) if 1 < len(c) <= MAX_GROUP]
    # a name of two concepts ("ピケ": the game, and the pique; "king": a rank, a bonus) leads to
    # neither: it would mix them
    seen: dict[str, int] = {}
    for c in concepts:
        for name in c:
            seen[name] = seen.get(name, 0) + 1
    groups = [g for g in (*_form_groups(result), *({n for n in c if seen[n] == 1} for c in concepts)) if len(g) > 1]
    groups = sorted({tuple(sorted(g)) for g in groups})
    of: dict[str, set[int]] = {}
    for i, g in enumerate(groups):
        for w in g:
            of.setdefault(w, set()).add(i)
    words: dict[str, list[int]] = {}
    for w, ids in of.items():
        found = set(ids)
        for i in ids:          # the concepts its forms name, and those names' forms
            for other in groups[i]:
                found |= of.get(other, set()) if len(groups[i]) <= MAX_GROUP else set()
        if sum(len(groups[i]) for i in found) <= MAX_GROUP * 6:
            words[w] = sorted(found)
    return {"groups": [list(g) for g in groups], "words": dict(sorted(words.items()))}
