"""mkdocs hook: ``site_url`` and ``repo_url`` from one setting, the GitHub repository.

The setting is ``DREIDELPOKER_REPOSITORY=OWNER/NAME`` in the environment (the Pages workflow,
``.github/workflows/docs.yml``, sets it to the repository it runs in) or ``extra.repository``
in mkdocs.yml. The site is then ``https://OWNER.github.io/NAME/`` and the header links to
``https://github.com/OWNER/NAME``. Without it (a local build) the site names no repository:
no placeholder in the header, no canonical links to a made-up host, and no call to the
GitHub API from the reader's browser. Explicit ``site_url`` / ``repo_url`` values win.

Versions: the workflow publishes with mike (one folder per release, ``dev`` for main) and sets
``DREIDELPOKER_DOCS_VERSIONED=1``, which turns on Material's version menu (it reads mike's
``versions.json`` beside the version folders, so a local build, which has none, leaves it off).
"""

from __future__ import annotations

import os
import re
from typing import Any

from mkdocs.exceptions import PluginError

REPOSITORY = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}")


def on_config(config: Any) -> Any:
    if os.environ.get("DREIDELPOKER_DOCS_VERSIONED"):
        config.extra["version"] = {"provider": "mike", "default": "latest"}
    repo = os.environ.get("DREIDELPOKER_REPOSITORY", "") or str((config.extra or {}).get("repository", "") or "")
    if not repo:
        return config
    if not REPOSITORY.fullmatch(repo):
        raise PluginError(f"the repository must look like OWNER/NAME (letters, digits, -, _ and .), got {repo!r}")
    owner, name = repo.split("/")
    config.extra["repository"] = repo
    if not config.site_url:
        config.site_url = f"https://{owner.lower()}.github.io/{name}/"
    if not config.repo_url:
        config.repo_url = f"https://github.com/{owner}/{name}"
        config.repo_name = f"{owner}/{name}"
        if not config.edit_uri:
            config.edit_uri = "edit/main/docs/"
    return config
