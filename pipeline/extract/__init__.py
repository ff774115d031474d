"""Extraction: the rule facts each section states, as typed values with an exact citation.

reading.py reads a document's sections step by step; facts.py turns each value read into a
cited fact (attribution, the facet's declared relations in relations.py, qualifier, condition,
role); grammars.py compiles what each language needs once."""

from __future__ import annotations

from pipeline.extract.reading import DocumentReader
from pipeline.knowledge import Knowledge
from schemas import Document, Fact, Section


def extract(doc: Document, sections: list[Section], knowledge: Knowledge,
            trace: list | None = None) -> list[Fact]:
    """Facts of every game-bearing section of one document. `trace` (training): every
    candidate is put there as (fact, features, read by a rule) instead of being weighed."""
    reader = DocumentReader(doc, sections, knowledge, trace)
    for top in reader.tops:
        reader.read(top)
    return reader.facts()
