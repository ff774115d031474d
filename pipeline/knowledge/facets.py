"""The facet registry: what a facet is (its value type, bounds, order, labels), read from
corpus/facets.yaml and used by extraction, alignment, publishing and the JSON Schema alike."""

from __future__ import annotations

from pipeline.knowledge.models import FacetsFile, FacetSpec, ItemSpec
from pipeline.patterns import compile_pattern

_SPACES = compile_pattern(r"\s+")

SCORE = "score"   # the family of named scoring items: score:<item>


class FacetRegistry:
    def __init__(self, data: FacetsFile):
        self.data = data
        self.specs: dict[str, FacetSpec] = dict(data.facets)
        self.items: dict[str, ItemSpec] = dict(data.items)

    @property
    def core(self) -> list[str]:
        """The facets a game has one value of, in their display order (scoring items aside)."""
        return [f for f in self.specs if f != SCORE]

    @property
    def qualifiers(self) -> list[str]:
        return list(self.data.qualifiers)

    def family(self, facet: str) -> str:
        """`score:repique` -> `score`; a core facet is its own family."""
        return SCORE if facet.startswith(SCORE + ":") else facet

    def item(self, facet: str) -> str | None:
        return facet.split(":", 1)[1] if facet.startswith(SCORE + ":") else None

    def spec(self, facet: str) -> FacetSpec | None:
        """The spec of a facet: a core facet, `score`, or `score:<item>` (an item of the registry
        or one a scoring line names as written, extract/score_lines.py)."""
        if facet in self.specs:
            return self.specs[facet]
        item = self.item(facet)
        return self.specs[SCORE] if item else None

    def known(self, facet: str) -> bool:
        """A core facet, `score`, or `score:<item>` of an item of the registry."""
        item = self.item(facet)
        return facet in self.specs or (item is not None and item in self.items)

    def within(self, facet: str, n: int | None) -> bool:
        """`n` is a plausible value of `facet` (its bounds; unbounded facets take any)."""
        if n is None:
            return False
        spec = self.spec(facet)
        if spec is None or spec.bounds is None:
            return True
        lo, hi = spec.bounds
        return lo <= n <= hi and not (spec.nonzero and n == 0)

    def order_key(self, facet: str, qualifier: str | None) -> tuple:
        """Rows in registry order; scoring items after the core facets, by name."""
        core = self.core
        base = core.index(facet) if facet in core else len(core)
        return (base, facet, qualifier or "")

    def label(self, facet: str, lang: str = "en") -> str:
        """A reader's name for a facet ("Players", "人数"); an item's own name in that language."""
        item = self.item(facet)
        if item is not None:
            spec = self.items.get(item)
            if spec is None:
                return item.replace("_", " ")
            names = spec.names.get(lang)
            if names:
                return names[0]
            if lang in spec.label:
                return spec.label[lang]
            return self.label(facet, "en") if lang != "en" else item.replace("_", " ")
        spec = self.specs.get(facet)
        if spec is None:
            return facet
        return spec.labels.get(lang) or spec.labels.get("en") or facet.replace("_", " ")

    def about(self, facet: str, lang: str = "en") -> str:
        """What a facet means, in a reader's language where the registry says it (else `doc`)."""
        spec = self.spec(facet)
        return "" if spec is None else spec.about.get(lang, spec.doc)

    def display(self, facet: str, value, lang: str = "en", letters: dict[str, str] | None = None) -> str:
        """A value as a reader reads it ("2 players", "by 3-2-3", "32枚"): the facet's `display`
        in that language around the value's text."""
        from pipeline.values import value_text

        spec = self.spec(facet)
        text = value_text(value, letters)
        if spec is not None and spec.type == "list_int":
            text = text.replace(" ", "-")
        form = (spec.display.get(lang) or spec.display.get("en")) if spec is not None else None
        return form.replace("{}", text) if form else text

    def is_card_facet(self, facet: str) -> bool:
        spec = self.spec(facet)
        return bool(spec and spec.cards)

    def item_names(self, lang: str) -> dict[str, str]:
        """Every name of every scoring item in `lang` (lower-cased, also without spaces) -> item."""

        out: dict[str, str] = {}
        for item, spec in self.items.items():
            for name in spec.names.get(lang) or []:
                for form in kana_forms(str(name).lower()):
                    out.setdefault(form, item)
                    out.setdefault(_SPACES.sub("", form), item)
        return out


def kana_forms(name: str) -> list[str]:
    """A name, and the same name in the other kana where it is written in one (カス, かす: the
    hanafuda chaff written either way); a name without kana is itself alone."""
    hira = "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in name)
    kata = "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in name)
    return list(dict.fromkeys([name, hira, kata]))
