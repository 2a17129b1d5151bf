"""The GitHub workflow cannot run here: lint it and check that it builds what `make docs` builds."""

from __future__ import annotations

from pathlib import Path

import pytest
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


def test_the_workflow_publishes_only_what_make_test_passed() -> None:
    wf = yaml.safe_load((REPO / ".github" / "workflows" / "docs.yml").read_text())
    on = wf.get("on", wf.get(True))  # YAML 1.1 reads a bare `on` key as True
    assert on["push"]["branches"] == ["main"] and "pull_request" in on and "release" in on
    test = wf["jobs"]["test"]["steps"]
    assert any(s.get("run") == ".ci/run" for s in test)
    assert "make test" in (REPO / ".ci" / "run").read_text()  # the same command as a checkout runs
    assert "chromium" in (REPO / ".ci" / "run").read_text()
    publish = wf["jobs"]["publish"]
    assert publish["needs"] == "test"  # deploys only when the tests passed
    assert publish["env"]["DREIDELPOKER_REPOSITORY"] == "${{ github.repository }}"
    runs = "\n".join(s.get("run", "") for s in publish["steps"])
    assert "mike deploy" in runs and '"dev (development version)" dev' in runs  # the dev version is marked
    assert "latest" in runs and "set-default" in runs
    assert wf["permissions"] == {"contents": "read"} and publish["permissions"] == {"contents": "write"}
    assert "--strict" in (REPO / "Makefile").read_text()


def test_the_publish_hook_takes_the_repository_from_one_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("publish_hook", REPO / "docs" / "_hooks" / "publish.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)

    class Config:
        def __init__(self) -> None:
            self.extra: dict[str, object] = {"repository": ""}
            self.site_url = self.repo_url = self.repo_name = self.edit_uri = None

    monkeypatch.delenv("DREIDELPOKER_REPOSITORY", raising=False)
    monkeypatch.delenv("DREIDELPOKER_DOCS_VERSIONED", raising=False)
    local = hook.on_config(Config())
    assert local.site_url is None and local.repo_url is None and "version" not in local.extra
    monkeypatch.setenv("DREIDELPOKER_REPOSITORY", "Someone/dreidelpoker")
    monkeypatch.setenv("DREIDELPOKER_DOCS_VERSIONED", "1")
    ci = hook.on_config(Config())
    assert ci.site_url == "https://someone.github.io/dreidelpoker/"
    assert ci.repo_url == "https://github.com/Someone/dreidelpoker"
    assert ci.extra["version"]["provider"] == "mike"
    monkeypatch.setenv("DREIDELPOKER_REPOSITORY", "not a repository")
    with pytest.raises(Exception, match="OWNER/NAME"):
        hook.on_config(Config())
