"""The adapters' module commands (`python3 -m reichsstadt.interop.lengths`, `.docs`) answer
--help with their usage and refuse a bad argument in one line, without working or writing."""

from __future__ import annotations

import pytest

from reichsstadt.interop import docs, lengths


def test_help_prints_the_usage_and_measures_or_writes_nothing(capsys, monkeypatch, tmp_path):
    page = tmp_path / "research.md"
    page.write_text("a page without the markers", encoding="utf-8")
    monkeypatch.setattr(docs, "PAGE", page)
    monkeypatch.setattr(lengths, "measure", lambda *a: pytest.fail("measured on --help"))
    for main in (docs.main, lengths.main):   # lengths raised ValueError on int('--help')
        with pytest.raises(SystemExit) as done:
            main(["--help"])
        assert done.value.code == 0 and capsys.readouterr().out.startswith("usage: python3 -m reichsstadt.interop.")
    assert page.read_text(encoding="utf-8") == "a page without the markers"


@pytest.mark.parametrize("main, argv, says", [
    (lengths.main, ["many"], "invalid int value: 'many'"),
    (lengths.main, ["0"], "games must be 1 or more, not 0"),
    (docs.main, ["--check"], "unrecognized arguments: --check"),
])
def test_a_bad_argument_is_one_line_with_exit_status_2(capsys, main, argv, says):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 2 and capsys.readouterr().err.splitlines()[-1].endswith(says)
