"""Hoyle Concordance: cited, cross-lingual rule facts from card-game books."""

PIPELINE_VERSION = "0.1.0"
