"""mkdocs hook: ``site_url`` and ``repo_url`` from one line of mkdocs.yml.

Set ``extra.repository: OWNER/NAME`` (the GitHub repository the docs are published from,
see ``.github/workflows/docs.yml``); the site is then ``https://OWNER.github.io/NAME/`` and
the repository link ``https://github.com/OWNER/NAME``. Explicit ``site_url`` / ``repo_url``
values in mkdocs.yml win.
"""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError


def on_config(config: Any) -> Any:
    repo = (config.extra or {}).get("repository", "")
    if not repo:
        return config
    owner, sep, name = str(repo).partition("/")
    if not sep or not owner or not name or "/" in name:
        raise PluginError(f"extra.repository must look like OWNER/NAME, got {repo!r}")
    if not config.site_url:
        config.site_url = f"https://{owner.lower()}.github.io/{name}/"
    if not config.repo_url:
        config.repo_url = f"https://github.com/{owner}/{name}"
        config.repo_name = f"{owner}/{name}"
        if not config.edit_uri:
            config.edit_uri = "edit/main/docs/"
    return config
