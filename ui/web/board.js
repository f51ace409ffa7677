// Mancala Tutor board: draws a Kalah/Awari board from `data` and reports
// pit presses with setTriggerValue("pit", {pit, pos}).
// Python (ui/board.py) decides everything about the rules; this file only
// draws what it is given and plays back the sowing frames it is given.
// Streamlit serves it and its modules as files (ui/web, the component's asset folder), so a
// browser loads them once, not with every board.

import { WORDS, el, fill, setWords } from "./board_dom.js";
import { CLOCKS, clockBox, startClocks } from "./board_clock.js";
import { focusPlace, rove, say, watchFocus } from "./board_keys.js";
import { FORESAW, REPLACED, awaitAnswer, foreseen, holdBack, sendLost, sent } from "./board_ahead.js";
import { fillFrames } from "./board_frames.js";
import { sown } from "./board_reveal.js";
import { moveEnds, movesShown, turnEnd } from "./board_turns.js";

const SEEN = (window.__mancalaSeen = window.__mancalaSeen || new Map());
const TIMERS = (window.__mancalaTimers = window.__mancalaTimers || new Map());
const PLAYING = (window.__mancalaPlaying = window.__mancalaPlaying || new Map());

function seedsWord(k) {
  return fill(k === 1 ? WORDS.seed : WORDS.seeds, { n: k });
}

function dots(count, max, roomy) {
  const box = el("span", "mt-dots");
  box.setAttribute("aria-hidden", "true");
  const shown = Math.min(count, max);
  // Smaller seeds when there are many, so the dots never hide the number.
  const few = roomy ? 20 : 8;
  const some = roomy ? 36 : 15;
  box.style.setProperty("--seed", count <= few ? "0.11" : count <= some ? "0.085" : "0.068");
  for (let i = 0; i < shown; i++) {
    const d = el("span", "mt-seed");
    d.style.setProperty("--h", String((i * 47) % 360));
    box.appendChild(d);
  }
  if (count > max) box.appendChild(el("span", "mt-more", "+"));
  return box;
}

function placeKey(side, pit) {
  return `${side}${pit}`;
}

function render(root, data, counts, opts) {
  const { n, names } = data;
  setWords(data.words);
  const hi = new Set(opts.hi || []);
  const lit = new Set(data.lit || []);
  // While a sowing is shown, the board marks only the move being sown now (its pit and the seeds
  // sown so far); the last move's marks (data) wait for its end: a learner's seeds still moving
  // never stand beside "from" under North's reply that has not happened yet.
  const marks = opts.animating ? { path: opts.path || [], origin: opts.origin || null, last: null } : data;
  const onPath = new Set(marks.path || []);
  const playable = new Set(opts.animating ? [] : data.playable || []);
  const legal = new Set(opts.animating ? [] : data.legal || []);
  const focusKey = opts.focusKey;

  const old = root.querySelector(":scope > .mt-board");
  const board = el("div", "mt-board");
  board.dataset.game = data.game;
  board.dataset.toMove = data.to_move;
  // For tests and assistive tools: what the board shows and whether it is still sowing.
  board.dataset.notation = data.notation;
  board.dataset.animating = opts.animating ? "true" : "false";
  // A board a press foresaw (foreseen()), until the server's answer replaces it.
  if (data.foreseen) board.dataset.foreseen = "true";
  // A lesson that lights the pit to press: the other pits (pressable, to be explained) wear no ring.
  if (lit.size) board.dataset.lit = "true";
  // A page that wants no room kept under the pits while nothing is sown (ui/board.py fit_bar).
  if (data.fit_bar) board.dataset.fitBar = "true";
  board.style.setProperty("--n", String(n));

  // Not a live region: it changes with every seed; the board's live region (say()) tells the move.
  const turn = el("div", "mt-turn");
  turn.textContent = opts.note || data.turn_text;
  if (data.clock) {
    // A timed game (K19): North's clock on the left (by North's store), South's on the right.
    const top = el("div", "mt-top");
    top.appendChild(clockBox(data, "N", opts.clockRun));
    top.appendChild(turn);
    top.appendChild(clockBox(data, "S", opts.clockRun));
    board.appendChild(top);
  } else {
    board.appendChild(turn);
  }

  const grid = el("div", "mt-grid");
  grid.setAttribute("role", "group");
  grid.setAttribute("aria-label", data.aria_label);

  const store = (side) => {
    const count = counts[placeKey(side, 0)];
    const s = el("div", `mt-store mt-${side === "S" ? "south" : "north"}`);
    s.setAttribute("role", "img");
    const label = data.storeLabels[side];
    s.setAttribute("aria-label", fill(WORDS.store, { label, seeds: seedsWord(count) }));
    s.dataset.place = placeKey(side, 0);
    if (hi.has(placeKey(side, 0))) s.classList.add("mt-hi");
    if (onPath.has(placeKey(side, 0))) s.classList.add("mt-path");
    s.appendChild(el("span", "mt-store-name", names[side]));
    if (data.storeCaption) s.appendChild(el("span", "mt-store-caption", data.storeCaption));
    s.appendChild(dots(count, 48, true));
    s.appendChild(el("span", "mt-count", String(count)));
    return s;
  };

  const pit = (side, k) => {
    const key = placeKey(side, k);
    const count = counts[key];
    const canPlay = side === data.to_move && playable.has(k) && data.interactive;
    const b = el("button", "mt-pit");
    b.type = "button";
    b.dataset.place = key;
    b.setAttribute("aria-label", fill(WORDS.pit, { side: names[side], pit: k, seeds: seedsWord(count) }));
    b.classList.add(side === "S" ? "mt-south" : "mt-north");
    if (!canPlay) {
      b.disabled = true;
    } else {
      // A pit that is not a legal move (empty, K5; not feeding, A5) stays pressable where a page explains
      // it (a lesson, a puzzle), but never looks playable: the ring follows the engine's legal moves.
      if (legal.has(k)) b.classList.add("mt-playable");
      b.addEventListener("click", () => {
        // The pit reacts at once, before the server answers; the board drawn with the answer replaces it.
        b.classList.add("mt-pressed");
        opts.onPit(k);
      });
    }
    if (lit.has(key)) b.classList.add("mt-lit");
    if (onPath.has(key)) b.classList.add("mt-path");
    if (key === marks.origin) {
      b.classList.add("mt-origin");
      b.dataset.from = WORDS.from || "";
    }
    if (key === marks.last) b.classList.add("mt-last");
    if (hi.has(key)) b.classList.add("mt-hi");
    b.appendChild(dots(count, 20));
    b.appendChild(el("span", "mt-count", String(count)));
    return b;
  };

  // Row 1: North's pit numbers (n..1 from left), row 2: North's pits,
  // row 3: South's pits (1..n from left), row 4: South's pit numbers.
  const ns = store("N");
  ns.style.gridColumn = "1";
  ns.style.gridRow = "2 / span 2";
  grid.appendChild(ns);
  for (let k = n; k >= 1; k--) {
    const col = String(n - k + 2);
    const lab = el("span", "mt-label", String(k));
    lab.setAttribute("aria-hidden", "true");
    lab.style.gridColumn = col;
    lab.style.gridRow = "1";
    grid.appendChild(lab);
    const p = pit("N", k);
    p.style.gridColumn = col;
    p.style.gridRow = "2";
    grid.appendChild(p);
  }
  for (let k = 1; k <= n; k++) {
    const col = String(k + 1);
    const p = pit("S", k);
    p.style.gridColumn = col;
    p.style.gridRow = "3";
    grid.appendChild(p);
    const lab = el("span", "mt-label", String(k));
    lab.setAttribute("aria-hidden", "true");
    lab.style.gridColumn = col;
    lab.style.gridRow = "4";
    grid.appendChild(lab);
  }
  const ss = store("S");
  ss.style.gridColumn = String(n + 2);
  ss.style.gridRow = "2 / span 2";
  grid.appendChild(ss);
  board.appendChild(grid);

  const bar = el("div", "mt-bar");
  if (opts.animating) {
    if (opts.hand > 0) bar.appendChild(el("span", "mt-hand", fill(WORDS.hand, { seeds: seedsWord(opts.hand) })));
    if (opts.step) {
      const next = el("button", "mt-btn mt-next", WORDS.next);
      next.type = "button";
      next.addEventListener("click", opts.onNext);
      bar.appendChild(next);
    }
    const skip = el("button", "mt-btn mt-skip", WORDS.skip);
    skip.type = "button";
    skip.addEventListener("click", opts.onSkip);
    bar.appendChild(skip);
  }
  board.appendChild(bar);
  if (old) old.replaceWith(board);
  else root.prepend(board);
  // A board wider than the screen scrolls sideways (board.css): the keyboard can reach the scroller.
  if (grid.scrollWidth > grid.clientWidth + 1) grid.tabIndex = 0;
  const stop = rove(root, data.key, data.to_move);

  // Keep keyboard users where they were: the same pit if it can still be
  // pressed, else the animation's buttons, else the row's tab stop.
  if (focusKey) {
    const again =
      (focusKey !== "board" && root.querySelector(`[data-place="${focusKey}"]:not([disabled])`)) ||
      root.querySelector(".mt-next") ||
      root.querySelector(".mt-skip") ||
      stop;
    if (again) again.focus();
  }
}

export default function ({ data: sent, parentElement, setTriggerValue }) {
  // The data comes as UTF-8 JSON bytes (ui/board.py _sent).
  const data = ArrayBuffer.isView(sent) ? JSON.parse(new TextDecoder().decode(sent)) : null;
  if (!data) return;
  fillFrames(data.anim);
  for (const next of Object.values(data.ahead || {})) {
    fillFrames(next.anim, data.counts);
    // A foreseen board with an animation comes without its counts: they are its last frame's.
    if (!next.counts && next.anim) next.counts = next.anim.frames[next.anim.frames.length - 1].counts;
  }
  return mount(parentElement, data, setTriggerValue, false);
}

// Draw `data` in parentElement (`ahead`: a board foreseen by a press, see foreseen()); returns the cleanup.
function mount(parentElement, data, setTriggerValue, ahead) {
  let root = parentElement.querySelector(".mt-root");
  if (!root) {
    root = el("div", "mt-root");
    root.style.visibility = "hidden"; // until board.css has applied (board.py HIDDEN_ROOT)
    parentElement.appendChild(root);
  }
  const key = data.key;
  // A press a new server session never read is sent again; its foreseen board waits for the answer.
  if (!ahead && sendLost(key, data, setTriggerValue)) awaitAnswer(key, data.presses);
  // A board older than a foreseen press waits (board_ahead.js holdBack).
  const held = ahead ? null : holdBack(key, data, () => mount(parentElement, data, setTriggerValue, false));
  if (held) return held;
  // The page's language for screen readers (Streamlit writes "en"): the words are in data.lang.
  if (data.lang && document.documentElement.lang !== data.lang) document.documentElement.lang = data.lang;
  // One animation per board key at a time: stop the one running (this instance's or a
  // previous instance's, when a rerun drew the board anew).
  const stopOld = TIMERS.get(key);
  if (stopOld) stopOld();

  // Where the keyboard focus is inside this board (board_keys.js): a place key, "board" for
  // another button of the board, or null when the focus is elsewhere.
  watchFocus(root, key);
  const active = () => focusPlace(root, key);
  const onPit = (k) => {
    setTriggerValue("pit", { pit: k, pos: data.notation });
    sent(key, { pit: k, pos: data.notation, presses: data.presses, session: data.session, root });
    const next = data.ahead && data.ahead[String(k)];
    if (next) {
      REPLACED.set(key, SEEN.get(key));
      awaitAnswer(key, data.presses);
      mount(parentElement, foreseen(data, next), setTriggerValue, true);
    }
  };
  const clockRun = { start: data.clock && data.clock.waiting ? Infinity : performance.now() + (data.clock ? data.clock.startsIn : 0) };
  // A clock waiting for this board's sowing starts when it has been shown to its end (or skipped);
  // the server is told, so it starts the same clock with its own time.
  const shownToEnd = () => {
    if (data.clock && data.clock.waiting && clockRun.start === Infinity) {
      clockRun.start = performance.now();
      setTriggerValue("shown", { pos: data.notation });
    }
  };
  const finalView = (focusKey) => render(root, data, data.counts, { onPit, focusKey, clockRun });
  if (data.clock) {
    startClocks(key, root, data, clockRun, (side) => setTriggerValue("flag", { side, pos: data.notation }));
  } else {
    const old = CLOCKS.get(key);
    if (old) clearInterval(old);
    CLOCKS.delete(key);
  }

  const anim = data.anim;
  const firstMount = !SEEN.has(key);
  // The answer to a foreseen press can still carry the sowing the foreseen board replaced (the
  // server did not take the press): that one has been shown already.
  const replaced = !ahead && anim && REPLACED.get(key) === anim.id;
  if (!ahead) REPLACED.delete(key);
  const fresh = anim && anim.frames && anim.frames.length && SEEN.get(key) !== anim.id && !replaced;
  // A rerun during a sowing draws the board again with the same sowing: go on from the
  // frame it had reached, so the animation (and the verdict waiting for it) is not cut short.
  const playing = PLAYING.get(key);
  const resume = !!(anim && playing && playing.id === anim.id);
  // A sowing that continues the one this board is showing (or has shown): the computer's reply
  // added to the learner's move. Go on from the frame reached, or from the end of that one.
  let from = resume ? playing.i : 0;
  let continued = false;
  if (anim && anim.extends && !resume) {
    if (playing && playing.id === anim.extends) {
      from = playing.i;
      continued = true;
    } else if (SEEN.get(key) === anim.extends) {
      from = anim.skip;
      continued = from < anim.frames.length;
    }
  }
  // A foreseen sowing shown to its end before the answer came, which carries more (a puzzle's
  // reply to a wrong turn): go on from where the foreseen one ended.
  const foresaw = FORESAW.get(key);
  if (ahead && anim) FORESAW.set(key, { id: anim.id, n: anim.frames.length });
  else FORESAW.delete(key);
  if (!ahead && anim && !resume && !continued && foresaw && foresaw.id === anim.id && foresaw.n < anim.frames.length) {
    from = foresaw.n;
    continued = true;
  }
  SEEN.set(key, anim ? anim.id : null);
  // The sowing has been shown: the board at rest, then (for the server's board, not a foreseen one)
  // the verdicts it reveals, a waiting clock, and the live region's words.
  const ends = anim && anim.frames ? moveEnds(anim.frames) : [];
  const shown = () => {
    PLAYING.delete(key);
    finalView(active());
    if (ahead) return;
    movesShown(anim, ends, Infinity);
    sown(key, anim);
    shownToEnd();
    say(root, data);
  };
  if ((!fresh || firstMount) && !resume && !continued) {
    shown();
    return () => {};
  }

  const frames = anim.frames;
  let i = Math.min(from, frames.length - 1);
  PLAYING.set(key, { id: anim.id, i });
  let done = false;
  let timer = null;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    done = true;
  };
  TIMERS.set(key, stop);
  const finish = () => {
    if (done) return;
    stop();
    if (TIMERS.get(key) === stop) TIMERS.delete(key);
    shown();
  };
  // "Show the result": the end of the turn being sown (the computer's reply is still sown after it).
  const skipTurn = () => {
    if (done) return;
    const end = turnEnd(frames, i);
    if (end < 0) return finish();
    if (timer) clearTimeout(timer);
    timer = null;
    i = end;
    PLAYING.set(key, { id: anim.id, i });
    show(active());
    if (!anim.step) schedule();
  };
  const show = (focusKey) => {
    const f = frames[i];
    if (!ahead) movesShown(anim, ends, i);
    render(root, data, f.counts, {
      animating: true,
      origin: f.origin,
      path: f.path,
      hi: f.hi,
      hand: f.hand,
      note: f.note,
      step: anim.step,
      onPit,
      onNext: advance,
      onSkip: skipTurn,
      focusKey,
      clockRun,
    });
  };
  function advance() {
    if (done) return;
    i += 1;
    PLAYING.set(key, { id: anim.id, i });
    if (i >= frames.length) finish();
    else {
      show(active());
      if (!anim.step) schedule();
    }
  }
  function schedule() {
    const f = frames[i];
    const wait = f.hold ? anim.ms * 2 : anim.ms;
    timer = setTimeout(advance, wait);
  }
  show(active());
  if (!anim.step) schedule();
  return () => {
    // Unmounted or redrawn: stop this instance only (the animation's place is kept in
    // PLAYING, so the board drawn next goes on from there).
    if (timer) clearTimeout(timer);
    timer = null;
    if (TIMERS.get(key) === stop) TIMERS.delete(key);
  };
}
