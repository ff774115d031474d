"""mkdocs hook: a page whose front matter says `html_only: true` is HTML from end to end (a
reader page: one element per line of a source). Python-Markdown would only hand that HTML back,
after parsing every tag of it, and reader pages are most of the site: their body is kept aside
before conversion and put back as the page's content (the theme, the search index and the
navigation see the same page). The `markdown="0"` marks that keep Markdown out of those blocks
have no reader here, so they are dropped."""

_KEPT = "hoyle_html_body"


def on_page_markdown(markdown, page, config, files):
    if page.meta.get("html_only"):
        setattr(page, _KEPT, markdown)
        return ""
    return markdown


def on_page_content(html, page, config, files):
    body = getattr(page, _KEPT, None)
    return html if body is None else body.replace(' markdown="0"', "")
