"""`serve` and `bench --server` from the command line: options, the offline course, a bench."""

from __future__ import annotations

from starlette.testclient import TestClient

from clash_widget.__main__ import main

from .conftest import KEY, new_app


def test_serve_refuses_a_lite_directory_that_is_not_a_site(tmp_path, capsys):
    assert main(["serve", "--lite", str(tmp_path), "--db", str(tmp_path / "x.sqlite")]) == 2
    assert "not a built JupyterLite site" in capsys.readouterr().err


def test_the_offline_course_is_served_beside_the_rooms(tmp_path):
    site = tmp_path / "lite"
    site.mkdir()
    (site / "index.html").write_text("<html>the course</html>")
    with TestClient(new_app(tmp_path / "db.sqlite", lite=site)) as c:
        assert "the course" in c.get("/lite/").text
        assert "/lite/" in c.get("/").text
    with TestClient(new_app(tmp_path / "db.sqlite")) as c:
        assert c.get("/lite/").status_code == 404


def test_the_play_page_bundle_is_served(tmp_path):
    with TestClient(new_app(tmp_path / "db.sqlite")) as c:
        for name in ("play.js", "history.js", "secolo.js", "persistence.js", "coc.js"):
            assert c.get(f"/static/{name}").status_code == 200, name


def test_bench_server_smoke(capsys):
    """A tiny run of the benchmark: it plays, and nothing goes wrong (no timing asserted)."""
    assert main(["bench", "--server", "--rooms", "1", "--seats", "2", "--seconds", "1.5"]) == 0
    import json

    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["actions"] > 0 and out["errors"] == 0 and out["rooms_created"] >= 1


def test_bench_server_paced_smoke(capsys):
    """A tiny paced run: seats pause before moving, latencies are counted at the other seats,
    nothing goes wrong (no timing asserted)."""
    import json

    args = ["bench", "--server", "--paced", "--rooms", "2", "--seats", "2", "--seconds", "3"]
    assert main([*args, "--gap", "0.05"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["metric"] == "server_paced" and out["errors"] == 0 and out["actions"] > 0
    assert out["latency_ms_p95"] is not None


def test_serve_restore_puts_the_newest_backup_back(tmp_path, monkeypatch, capsys):
    """`serve --restore` restores the newest rolling backup before serving (uvicorn is not
    started here: the test stops at the point where the server would run)."""
    import uvicorn

    from clash_widget.server.store import Backups, Store

    db = tmp_path / "class.sqlite"
    with TestClient(new_app(db)) as c:
        made = c.post(
            "/api/rooms", json={"game": "coc"}, headers={"Authorization": f"Bearer {KEY}"}
        )
        assert made.status_code == 201
    assert Backups(db).all()  # the clean stop took one
    db.unlink()
    served = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.append(app))
    args = ["serve", "--db", str(db), "--teacher-key-file", str(tmp_path / "key"), "--restore"]
    assert main(args) == 0
    assert "restored" in capsys.readouterr().out and served
    assert [r.id for r in Store(db).rows()] == [made.json()["room"]]
