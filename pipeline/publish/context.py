"""What every page generator needs to know: where each section, fact and game lives on the site,
and the template environment to render pages in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import regex
from markupsafe import Markup

from pipeline.extract.score_lines import without_accents
from pipeline.patterns import compile_pattern
from pipeline.publish.html import escape, html_id, row_fragment, slug

_PLACEHOLDER = compile_pattern(r"\{(\w+)\}")
_PLAYERS_QUALIFIER = compile_pattern(r"(\d+)p")
# a scoring line's points after its label ("パルティ (ゲーム): 1 点" -> "パルティ (ゲーム)")
_POINTS_AFTER_LABEL = compile_pattern(r"\s*[:：=＝…‥→|｜–—-]+\s*[-+−]?\d.*$", flags=0)


def written_label(quote: str, item: str) -> str:
    """A scoring item's label as its quote writes it: where the item's id is the label's own
    words (a Latin script), those words in the quote, wherever the points stand ("50 points for
    each additional trick" -> "additional trick"); else the quote without the points after it."""
    words = [regex.escape(w) for w in item.split("_") if w]
    folded = without_accents(quote)   # (an id spells "bézique" without its accent; same offsets)
    pattern = compile_pattern(r"(?<!\w)" + r"[\W_]+".join(words) + r"(?!\w)", regex.IGNORECASE) if words else None
    found = pattern.search(folded) if pattern else None
    if found:
        return " ".join(quote[found.start():found.end()].split())
    return _POINTS_AFTER_LABEL.sub("", quote).strip() or item

if TYPE_CHECKING:
    import jinja2


@dataclass
class SiteContext:
    result: object
    env: jinja2.Environment | None = None                         # made by html.make_environment() per run
    tokenizer: object = None
    section_page: dict[str, str] = field(default_factory=dict)   # section id -> docs page
    top_of: dict[str, str] = field(default_factory=dict)          # section id -> top-level section id
    facts_by_id: dict[str, object] = field(default_factory=dict)
    described: dict[str, list] = field(default_factory=dict)      # game id -> game/variant sections
    sources_by_id: dict[str, object] = field(default_factory=dict)
    comparison_rows: dict[tuple, str] = field(default_factory=dict)  # (game, facet, qualifier) -> row id
    lang: str = "en"                                              # the UI language of the pages made
    original_pairs: dict[str, tuple[str, str]] = field(default_factory=dict)  # translation section -> original's
    section_by_id: dict[str, object] = field(default_factory=dict)
    # score:<item> no registry names -> (its label as written, the language it is written in)
    written_items: dict[str, tuple[str, str]] = field(default_factory=dict)
    # what holds no UI word (a reader page's marked lines), made once a run for every UI language
    shared: dict = field(default_factory=dict)

    def __post_init__(self):
        r = self.result
        self.sources_by_id = {s.id: s for s in r.sources}
        for sid in r.source_order():
            for s in r.sections[sid]:
                if s.level == 0:
                    tail = s.id.split(":", 1)[1].replace(".", "-")
                    self.section_page[s.id] = f"{self.prefix}sources/{slug(sid)}/L{tail}.md"
                    self.top_of[s.id] = s.id
            for s in r.sections[sid]:
                self.section_by_id[s.id] = s
                if s.level > 0 and s.parent_id:
                    self.top_of[s.id] = self.top_of.get(s.parent_id, s.parent_id)
                    self.section_page[s.id] = self.section_page.get(self.top_of[s.id], "")
                if s.kind in ("game", "variant") and s.game_id:
                    self.described.setdefault(s.game_id, []).append(s)
        self.facts_by_id = {f.id: f for f in r.all_facts()}
        facets = r.knowledge.facets
        for f in self.facts_by_id.values():
            item = facets.item(f.facet)
            if item is not None and item not in facets.items and f.facet not in self.written_items:
                self.written_items[f.facet] = (written_label(f.anchor.quote, item),
                                               self.sources_by_id[f.source_id].language)
        self.original_pairs = {p.section_id: (p.original_source_id, p.original_section_id)
                               for p in getattr(r, "section_pairs", [])}
        for c in r.comparisons:
            for row in c.rows:
                self.comparison_rows[(c.game_id, row.facet, row.qualifier)] = row_fragment(row.facet, row.qualifier)

    @property
    def prefix(self) -> str:
        """Where the pages of this UI language live: the root for English, ja/ and ru/ else."""
        from pipeline.publish.ui import root_of

        return root_of(self.lang)

    def in_language(self, lang: str) -> SiteContext:
        """The same site in another UI language (its own maps, made afresh; only `shared` is shared)."""
        return SiteContext(result=self.result, env=self.env, tokenizer=self.tokenizer, lang=lang, shared=self.shared)

    def t(self, key: str, **values) -> Markup:
        """The site's words for `key` in this UI language; `{name}` placeholders take `values`
        (escaped unless already Markup)."""
        from pipeline.publish.ui import ui_strings

        text = ui_strings().root[key][self.lang]
        parts = _PLACEHOLDER.split(text)   # literal, name, literal, name, ...
        return Markup("").join(escape(p) if i % 2 == 0 else escape(values[p]) for i, p in enumerate(parts))

    def has(self, key: str) -> bool:
        from pipeline.publish.ui import ui_strings

        return key in ui_strings().root

    def t_or(self, key: str, fallback: str) -> Markup:
        """The site's words for `key`, or `fallback` as it is where the catalog has none (a family,
        a kind or a qualifier that knowledge added after the catalog was written)."""
        return self.t(key) if self.has(key) else escape(fallback)

    def language_name(self, code: str) -> str:
        """A language's name in itself (English, 日本語, Русский): what a language link shows."""
        from pipeline.publish.ui import ui_strings

        return ui_strings().root["language_name"][code]

    def qualifier(self, qualifier: str) -> Markup:
        """A qualifier in words ("4p" -> "4 players", "trump" -> "trumps")."""
        m = _PLAYERS_QUALIFIER.fullmatch(qualifier)
        return self.t("qualifier_players", n=m.group(1)) if m else self.t_or("qualifier_" + qualifier, qualifier)

    def role(self, role: str) -> Markup:
        return self.t_or("role_" + role, role)

    def source_kind(self, kind: str) -> Markup:
        return self.t_or("source_kind_" + kind, kind)

    def section_kind(self, kind: str) -> Markup:
        return self.t_or("kind_" + kind, kind)

    def topic(self, topic: str) -> Markup:
        return self.t_or("topic_" + topic, topic.replace("_", " "))

    def family(self, family: str) -> Markup:
        return self.t_or("family_" + family, family.replace("-", " "))

    def label(self, facet: str) -> str:
        """A rule's name in the page's language; a scoring item no registry names, as its source
        writes it (not its id, which is the label spelt in Latin letters). Plain text: for a
        tooltip or a title; in a page's body, `label_html`."""
        written = self.written_items.get(facet)
        return written[0] if written else self.result.knowledge.facets.label(facet, self.lang)

    def label_html(self, facet: str) -> Markup:
        """The same label in a page's body: a scoring item's words as its source writes them are
        the source's, not the site's, so in a page of another language they are marked with the
        source's language and not for translation ("additional trick" on a Russian page)."""
        written = self.written_items.get(facet)
        if written and written[1] != self.lang:
            return Markup('<span lang="{}" translate="no" data-source>{}</span>').format(written[1], written[0])
        return escape(self.label(facet))

    def page(self, path: str) -> str:
        """A docs page of this UI language's tree ("games/index.md" -> "ja/games/index.md")."""
        return self.prefix + path

    def in_other_languages(self, page: str) -> list[tuple[str, str]]:
        """(language, page) of this same page in each UI language, this one included."""
        from pipeline.publish.ui import UI_LANGUAGES, root_of

        rest = page[len(self.prefix):]
        return [(lang, root_of(lang) + rest) for lang in UI_LANGUAGES]

    def game_page(self, game_id: str) -> str:
        return f"{self.prefix}games/{slug(game_id)}.md"

    def source_page(self, source_id: str) -> str:
        return f"{self.prefix}sources/{slug(source_id)}/index.md"

    def facet_page(self, facet: str) -> str:
        return f"{self.prefix}facets/{slug(facet.replace(':', '-'))}.md"

    def fact_target(self, fact) -> tuple[str, str]:
        """(reader page, fragment) where a fact's quote is highlighted."""
        return self.section_page[fact.section_id], html_id("fact", fact.id)

    def section_target(self, section) -> tuple[str, str]:
        page = self.section_page[section.id]
        return page, ("" if section.level == 0 else html_id("s", section.id))

    def render(self, template: str, **values) -> str:
        """A page from its template; every template sees this context as `ctx`."""
        return self.env.get_template(template).render(ctx=self, **values)

    def source_label(self, source_id: str) -> Markup:
        """A source as every page cites it; a machine translation says what it translates (the
        original's title as written, marked with its language)."""
        s = self.sources_by_id[source_id]
        original = self.sources_by_id.get(s.same_edition_as or "")
        if s.machine_translated and original:
            what = self.t("mt_of", title=self.as_written(original.title, original.id), year=original.year or "?")
            return Markup("{} ({}, {})").format(source_id, self.language_short(s.language), what)
        return escape(self.source_label_text(source_id))

    def source_label_text(self, source_id: str) -> str:
        """The same label as plain text (a tooltip, a menu option): no title, which no markup
        could mark as written in another language there."""
        s = self.sources_by_id[source_id]
        bits = [self.language_short(s.language)] + ([self.words("machine_translated")] if s.machine_translated else [])
        return f"{source_id} ({s.year or '?'}, {', '.join(bits)})"

    def language_short(self, code: str) -> str:
        """A source's language as the page's language abbreviates it (en, 英語, англ.)."""
        return str(self.t_or("language_short_" + code, code))

    def language_full(self, code: str) -> Markup:
        """A language named in the page's language (English, 英語, Английский)."""
        return self.t_or("language_full_" + code, code)

    def as_written(self, text: str | None, source_id: str) -> Markup:
        """Text of a source shown as written (a heading, a title): marked with the source's
        language and not for translation, so neither a reader's translator nor a check of the
        page's own words takes it for the site's words."""
        lang = self.sources_by_id[source_id].language
        return Markup('<span lang="{}" translate="no" data-source>{}</span>').format(lang, text or "")

    def heading(self, section) -> Markup:
        """A section's heading as written, beside its original's where the section is a machine
        translation aligned with one."""
        pair = self.original_pairs.get(section.id)
        original = self.section_by_id.get(pair[1]) if pair else None
        return self.beside_original(section.title, section.source_id, original.title if original else None)

    def beside_original(self, title: str | None, source_id: str, original_title: str | None) -> Markup:
        """A source's words as written; a machine translation's also show its original's words
        (「取引。」 beside "THE DEAL."), since the translation's may be no term of the field."""
        shown = self.as_written(title, source_id)
        s = self.sources_by_id[source_id]
        if s.machine_translated and original_title and s.same_edition_as in self.sources_by_id:
            shown += Markup(' <span class="original-term">({})</span>').format(
                self.as_written(original_title, s.same_edition_as))
        return shown

    def source_language(self, source_id: str) -> str:
        return self.sources_by_id[source_id].language

    @property
    def rank_letters(self) -> dict[str, str]:
        """Rank codes as the page's language writes them (its profile's `rank_letters`)."""
        languages = self.result.knowledge.languages
        return dict(languages[self.lang].profile.rank_letters) if self.lang in languages.codes else {}

    def shown(self, value) -> str:
        """A value as the page's reader reads it (rank letters of the page's language)."""
        from pipeline.values import value_text

        return value_text(value, self.rank_letters)

    def source_meta(self, source_id: str) -> str:
        """A comparison column's second line: the edition's year, the language, MT if it is one."""
        s = self.sources_by_id[source_id]
        bits = [str(s.year or "?"), self.language_short(s.language)] + ([self.words("mt_short")] if s.machine_translated else [])
        return " · ".join(bits)

    def words(self, key: str, **values) -> str:
        """The site's words for `key`, unescaped (for text the templates escape themselves)."""
        from pipeline.publish.ui import ui_strings

        return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]), ui_strings().root[key][self.lang])

    def game_name(self, game_id: str | None) -> str:
        """A game's name in the UI language, or in English where it has none."""
        g = self.result.knowledge.by_id.get(game_id or "")
        return (getattr(g.names, self.lang, None) or g.names.en) if g else (game_id or "—")

    def name_language(self, game_id: str | None) -> str:
        """The language a game's shown name is in: the page's, or English where the registry has
        no name in the page's language."""
        g = self.result.knowledge.by_id.get(game_id or "")
        return self.lang if g is None or getattr(g.names, self.lang, None) else "en"

    def name(self, game_id: str | None) -> Markup:
        """A game's name for a page (a brand's own spelling, "ito", "UNO", kept as it is); a name in
        another language than the page's is marked so."""
        lang = self.name_language(game_id)
        if lang == self.lang:   # a name, not the site's words: a reader's translator leaves it
            return Markup('<span translate="no">{}</span>').format(self.game_name(game_id))
        return Markup('<span lang="{}">{}</span>').format(lang, self.game_name(game_id))
