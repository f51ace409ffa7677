"""The page's address in the browser's history: a page settling its own query is not a step back.

Streamlit's page pushes a new entry into the browser's history whenever a run writes a query
parameter (``st.query_params``), unless the browser is already moving through its history. A page
that opens and then writes what it shows into its address (``?step=1``, ``?lang=el``, ``?puzzle=``)
made two entries of one visit: Back from a lesson, just opened from the sidebar, showed the same
lesson again, and took a second press (three in Greek) to leave it.

:data:`SCRIPT` makes such a write replace the entry it follows: a new entry of the same page where
no parameter both addresses have changes its value (parameters only added or dropped). A value
that changes (``?step=1`` to ``?step=2``, another puzzle) still makes an entry, so Back returns to
the lesson's step before; another page always does. Streamlit only; imports nothing of the app.
"""

from __future__ import annotations

SCRIPT = """(() => {
  const h = window.history;
  if (h.__mtKeepsSettling) return;
  h.__mtKeepsSettling = true;
  const push = h.pushState.bind(h);
  h.pushState = (data, unused, url) => {
    try {
      const next = new URL(url, document.location.href), now = new URL(document.location.href);
      const kept = [...now.searchParams.keys()].filter((k) => next.searchParams.has(k));
      if (next.pathname === now.pathname && next.search !== now.search
          && kept.every((k) => next.searchParams.getAll(k).join() === now.searchParams.getAll(k).join())) {
        return h.replaceState(data, unused, url);
      }
    } catch (e) { /* an address the browser cannot read: as Streamlit asked */ }
    return push(data, unused, url);
  };
})();"""
"""Installed once per page load (it marks ``window.history``); fixed text, nothing from a user."""
