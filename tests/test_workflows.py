"""The GitHub workflow cannot run here: lint it and check that it builds what `make docs` builds."""

from __future__ import annotations

from pathlib import Path

import yaml
from yamllint import linter
from yamllint.config import YamlLintConfig

REPO = Path(__file__).resolve().parents[1]
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
CONFIG = YamlLintConfig("""
extends: default
rules:
  truthy: {check-keys: false}
  line-length: {max: 120}
  document-start: disable
""")


def test_workflows_pass_yamllint() -> None:
    assert WORKFLOWS, "no workflow files"
    for path in WORKFLOWS:
        problems = list(linter.run(path.read_text(), CONFIG, str(path)))
        assert not problems, "\n".join(f"{path.name}:{p.line}:{p.column} {p.message}" for p in problems)


def test_docs_workflow_builds_strict_docs_and_deploys_pages() -> None:
    wf = yaml.safe_load((REPO / ".github" / "workflows" / "docs.yml").read_text())
    on = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` key as True
    assert on["push"]["branches"] == ["main"]
    build = wf["jobs"]["build"]["steps"]
    assert any(s.get("run") == "make docs" for s in build)
    assert any(s.get("uses", "").startswith("actions/upload-pages-artifact") and s["with"]["path"] == "site"
               for s in build)
    deploy = wf["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["steps"][0]["uses"].startswith("actions/deploy-pages")
    assert wf["permissions"]["pages"] == "write" and wf["permissions"]["id-token"] == "write"
    assert "--strict" in (REPO / "Makefile").read_text()
