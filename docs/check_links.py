#!/usr/bin/env python3
"""Checks the links inside the built book: every relative link and image in
every HTML page must name a file of the book, and every #anchor an id in
that page. Links to other sites are not followed (CI has no network).

Run after `mdbook build`: python3 docs/check_links.py docs/book
"""

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids = set()
        self.links = []  # (attribute, value, line)

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name") and (name == "id" or tag == "a"):
                self.ids.add(value)
            if (name == "href" and tag in ("a", "link")) or (name == "src" and tag in ("img", "script", "iframe")):
                self.links.append((name, value, self.getpos()[0]))


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/book").resolve()
    pages = {}
    for path in sorted(root.rglob("*.html")):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        pages[path] = page
    if not pages:
        sys.exit(f"check_links: no HTML pages under {root}")
    errors = []
    checked = 0
    for path, page in pages.items():
        for attr, value, line in page.links:
            parts = urlsplit(value)
            if parts.scheme or value.startswith("//"):
                continue  # another site: not followed
            checked += 1
            where = f"{path.relative_to(root)}:{line}: {attr}=\"{value}\""
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if root not in target.parents and target != root:
                errors.append(f"{where}: points outside the book")
                continue
            if not target.exists():
                errors.append(f"{where}: no file {target.relative_to(root)}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids
                if unquote(parts.fragment) not in ids:
                    errors.append(f"{where}: no anchor #{parts.fragment} in {target.relative_to(root)}")
    for e in errors:
        print(e)
    print(f"check_links: {checked} links in {len(pages)} pages, {len(errors)} broken")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
