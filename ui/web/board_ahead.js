// Mancala Tutor board: a press shown at once, before the server answers (a module of board.js).

// Board key -> the sowing id a foreseen board replaced, and the foreseen sowing's id and length.
export const REPLACED = (window.__mancalaReplaced = window.__mancalaReplaced || new Map());
export const FORESAW = (window.__mancalaForesaw = window.__mancalaForesaw || new Map());
// Board key -> the press count a foreseen board was drawn with, and until when it waits for the answer.
const PENDING = (window.__mancalaPending = window.__mancalaPending || new Map());
const PATIENCE_MS = 5000;
// How long a press waits for any answer before it wakes the page (sent): longer than a busy server's answer.
const WAKE_MS = 3000;

// The board a press shows at once, before the server answers: the move Python gave for that pit
// in data.ahead (the engine's result, the sowing's id the answer will carry). Nothing can be pressed
// on it; the answer's board replaces it, and goes on from the frame the sowing has reached.
export function foreseen(data, next) {
  return {
    ...data, counts: next.counts, notation: next.notation, to_move: next.to_move, path: next.path,
    origin: next.origin, last: next.last, turn_text: next.note, anim: next.anim, playable: [],
    interactive: false, lit: [], said: "", said_id: null, ahead: null, foreseen: true,
  };
}

// A foreseen board of board `key` was drawn on a board with `presses` presses read by the server.
export function awaitAnswer(key, presses) {
  PENDING.set(key, { presses, until: performance.now() + PATIENCE_MS });
}

// A board from a run that began before the foreseen press was read (it has the press count the press
// was made with) would take the move back for a moment: the foreseen board stays, and keeps sowing,
// unless no answer comes in PATIENCE_MS; then draw() draws that board. The cleanup, or null: draw it now.
export function holdBack(key, data, draw) {
  const pending = PENDING.get(key);
  const wait = pending && data.presses === pending.presses ? pending.until - performance.now() : 0;
  if (wait <= 0) {
    PENDING.delete(key);
    return null;
  }
  const late = setTimeout(() => {
    if (PENDING.get(key) !== pending) return;
    PENDING.delete(key);
    draw();
  }, wait);
  return () => clearTimeout(late);
}

// Board key -> the last press sent ({pit, pos, presses, session}) until a board shows a server read it.
const SENT = (window.__mancalaSent = window.__mancalaSent || new Map());

// Board `key` sent `press`: {pit, pos: the notation pressed on, presses: the board's count then, session,
// root: the board's element (a board the page no longer shows wakes nothing)}.
// A press still unanswered after WAKE_MS wakes the page (ui/wake.js): a whole run draws the
// board again, and a new server session's board sends the press again (sendLost).
export function sent(key, press) {
  SENT.set(key, press);
  setTimeout(() => {
    if (SENT.get(key) === press && press.root.isConnected && window.__mancalaWake) window.__mancalaWake();
  }, WAKE_MS);
}

// A board drawn by another server session than the one a press went to (the page reconnected, to a
// new process after a crash, and its first runs had not drawn the board yet when the press came: the
// press reached no run that read it) on the very position the press was made on: the press is sent
// again, once, with send(name, value). The server plays a press only on the position it was made
// on (the `pos`), so a press that was read after all is never played twice. True when it was sent.
export function sendLost(key, data, send) {
  const press = SENT.get(key);
  if (!press) return false;
  if (press.session === data.session) {
    if (data.presses > press.presses) SENT.delete(key); // read by the server it went to
    return false;
  }
  SENT.delete(key);
  if (press.pos !== data.notation || !data.interactive) return false;
  setTimeout(() => send("pit", { pit: press.pit, pos: press.pos }), 0); // once this board is mounted
  SENT.set(key, { ...press, presses: data.presses, session: data.session });
  return true;
}
