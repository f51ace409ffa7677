"""How long browsers take to come back when the app process serving them dies, and what survives.

Starts two app processes behind nginx on the PostgreSQL of ``MANCALA_DB_URL`` (``deploy.school``),
opens ``--browsers`` learners in Chromium on the Sandbox, each plays a move, then ``kill -9`` the
process serving them. Prints, per browser, the seconds from the kill until its page shows its game
again (drawn by the other process), their median and maximum, and the database rows of every table
before and after (rows lost: those gone since the kill).

    MANCALA_DB_URL=postgresql+psycopg://mancala:mancala@127.0.0.1:5432/mancala_test python -m bench.failover
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from playwright.sync_api import sync_playwright
from sqlalchemy import inspect, text

from deploy.school import SchoolSetUp
from tests.browser_support import COUNT_FINISHED

FRESH = "[data-testid='stElementContainer']:not([data-stale='true'])"


def rows(url: str) -> dict[str, set[tuple[object, ...]]]:
    """Every row of every table of the app's database, by its primary key."""
    from store.db import Database

    db = Database(url)
    try:
        found: dict[str, set[tuple[object, ...]]] = {}
        with db.engine.connect() as conn:
            for table in inspect(conn).get_table_names():
                keys = inspect(conn).get_pk_constraint(table)["constrained_columns"]
                if keys:
                    found[table] = {tuple(r) for r in conn.execute(text(f"SELECT {', '.join(keys)} FROM {table}"))}
        return found
    finally:
        db.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--browsers", type=int, default=5)
    args = parser.parse_args()
    url = os.environ.get("MANCALA_DB_URL", "")
    if not url.startswith("postgresql"):
        raise SystemExit("MANCALA_DB_URL must name a PostgreSQL database (two processes share it)")
    with SchoolSetUp(2, env={"MANCALA_DB_URL": url}) as school, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium")
        pages, boards = [], []
        for _ in range(args.browsers):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(COUNT_FINISHED)  # counts the server's finished runs (window.__mtFinished)
            page = context.new_page()
            page.set_default_timeout(120_000)
            page.goto(f"{school.url}/sandbox")
            page.get_by_role("button", name="South pit 2, 4 seeds").wait_for()
            page.wait_for_selector(f"{FRESH} .mt-board[data-animating='false']")
            page.get_by_role("button", name="South pit 2, 4 seeds").click()
            page.wait_for_selector(f"{FRESH} .mt-board[data-animating='false'][data-notation$='/N']:not([data-foreseen])")
            pages.append(page)
            boards.append(page.locator(".mt-board").first.get_attribute("data-notation"))
        before = rows(url)
        counts = [len(os.popen(f"ss -Htn state established '( sport = :{p} )'").read().strip().splitlines())
                  for p in school.ports]
        victim = counts.index(max(counts))
        runs = [int(page.evaluate("window.__mtFinished")) for page in pages]
        killed = time.monotonic()
        school.kill(victim)
        back = []
        for page, notation, ran in zip(pages, boards, runs):
            # a run of the new process has finished on the page (the old one's board stays up meanwhile)
            page.wait_for_function(f"window.__mtFinished > {ran}", polling=20)
            page.wait_for_selector(f"{FRESH} .mt-board[data-animating='false'][data-notation='{notation}']")
            back.append(time.monotonic() - killed)
        after = rows(url)
        browser.close()
    lost = {table: len(keys - after.get(table, set())) for table, keys in before.items()}
    print(f"browsers: {args.browsers} on process {victim} of 2, killed with SIGKILL")
    print("back after (s): " + ", ".join(f"{t:.1f}" for t in back))
    print(f"median {statistics.median(back):.1f} s, max {max(back):.1f} s (until the last page showed its game again)")
    print(f"rows before: {sum(len(k) for k in before.values())}, after: {sum(len(k) for k in after.values())}, "
          f"lost: {sum(lost.values())}" + ("" if not any(lost.values()) else f" {lost}"))


if __name__ == "__main__":
    main()
