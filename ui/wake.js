// The page's wake: a run of the whole app, asked for by a board whose press no server session has
// answered (board_ahead.js `sent`). After the page reconnected to a new server process, a press made
// before that process's session had drawn the page went to a fragment the session did not know yet,
// and was dropped with its run: the page then waited for good. A whole run draws the page again, and
// the board sends that press again (board_ahead.js `sendLost`). Drawn once per page, outside any
// fragment (ui/wake.py), so its trigger always asks for the whole app.
export default function ({ setTriggerValue }) {
  window.__mancalaWake = () => setTriggerValue("wake", true);
}
