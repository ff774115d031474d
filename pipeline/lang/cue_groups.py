"""The cue-group vocabulary (`cue_groups.yaml`): every group a language profile gives words to,
the facet registry names, or the code reads, with its meaning. A group named that the
vocabulary does not list is a misspelling: a load error naming the file and line. A language
whose profile lacks a group a facet needs is told once, as a build warning."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from pipeline.datafile import load_model, located_error

VOCABULARY_FILE = Path(__file__).with_name("cue_groups.yaml")

class CueGroups(BaseModel):
    model_config = ConfigDict(extra="forbid")
    groups: dict[str, str]     # group -> what it means


def load_vocabulary(path: Path = VOCABULARY_FILE) -> CueGroups:
    return load_model(path, CueGroups)


def facet_groups(facets_file) -> list[tuple[tuple, str]]:
    """(where in facets.yaml, group) for every cue group the facet registry names: a facet's
    `cues` and each relation's `when` and `unless`."""
    out = []
    for facet, spec in facets_file.facets.items():
        out += [(("facets", facet, "cues", i), g) for i, g in enumerate(spec.cues)]
        for r, rel in enumerate(spec.relations):
            for name in ("when", "unless"):
                out += [(("facets", facet, "relations", r, name, i), g) for i, g in enumerate(getattr(rel, name))]
    return out


def check_cue_groups(facets_file, facets_path: Path, languages, vocab: CueGroups) -> list[str]:
    """Raise at the first group the vocabulary does not list (facets.yaml, then each profile);
    return a warning per language lacking a group the registry names."""
    named = facet_groups(facets_file)
    for loc, group in named:
        if group not in vocab.groups:
            raise located_error(facets_path, loc, f"unknown cue group {group!r}: not in {VOCABULARY_FILE} "
                                                  "(a misspelling? add it there with its meaning if it is new)")
    warnings = []
    for language in languages:
        path = language.path("profile.yaml")
        cues = language.profile.statements.cues
        for group in cues:
            if group not in vocab.groups:
                raise located_error(path, ("statements", "cues", group), f"unknown cue group {group!r}: not in "
                                    f"{VOCABULARY_FILE} (a misspelling? add it there with its meaning if it is new)")
        lacking = sorted({g for _, g in named if not cues.get(g)})
        if lacking:
            warnings.append(f"{path}: language {language.code!r} gives no words to cue group(s) the facet "
                            f"registry names: {', '.join(lacking)} (the facets' rules using them do not apply)")
    return warnings
