// Mancala Tutor board: the clocks of a timed game (a module of board.js).

import { WORDS, el, fill } from "./board_dom.js";

export const CLOCKS = (window.__mancalaClocks = window.__mancalaClocks || new Map());

// ---- the clocks of a timed game (K19). Python owns the time (tutor/clock.py): data.clock
// gives each side's ms left when the page was drawn, the running side and how long until it
// starts counting (the sowing being shown). This only counts down from those numbers.
// run.start: the performance.now() at which the running clock starts counting (Infinity while
// it waits for this board to finish showing the sowing, data.clock.waiting).
function clockLeft(c, side, run) {
  const base = c[side];
  if (base === null || base === undefined) return null;
  if (c.running !== side || c.paused) return Math.max(0, base);
  const used = Math.max(0, performance.now() - run.start);
  return Math.max(0, base - used);
}

function clockText(ms, lowMs) {
  if (ms === null) return "–";
  if (ms < lowMs) {
    const tenths = Math.floor(Math.max(0, ms) / 100);
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function paintClock(box, c, side, run) {
  const ms = clockLeft(c, side, run);
  const time = box.querySelector(".mt-clock-time");
  const text = clockText(ms, c.lowMs);
  if (time.textContent !== text) time.textContent = text;
  box.classList.toggle("mt-running", c.running === side && !c.paused);
  box.classList.toggle("mt-low", ms !== null && ms < c.lowMs && (c.running === side || c.flagged === side));
  box.classList.toggle("mt-flag", c.flagged === side);
  return ms;
}

export function clockBox(data, side, run) {
  const c = data.clock;
  const box = el("div", `mt-clock mt-clock-${side === "S" ? "south" : "north"}`);
  box.dataset.side = side;
  box.setAttribute("role", "timer");
  box.setAttribute("aria-label", fill(WORDS.clock, { side: data.names[side] }));
  box.appendChild(el("span", "mt-clock-name", data.names[side]));
  box.appendChild(el("span", "mt-clock-time", ""));
  if (c[side] === null) box.classList.add("mt-untimed");
  if (c.paused) box.appendChild(el("span", "mt-clock-paused", WORDS.paused));
  paintClock(box, c, side, run);
  return box;
}

// One ticker per board: repaints the clocks ten times a second and, when the running
// clock shows zero, tells the server once (it checks with its own time, K19).
export function startClocks(key, root, data, run, onFlag) {
  const old = CLOCKS.get(key);
  if (old) clearInterval(old);
  CLOCKS.delete(key);
  const c = data.clock;
  if (!c || !c.running || c.paused || c.flagged) return;
  let sent = false;
  const id = setInterval(() => {
    if (!root.isConnected) {
      clearInterval(id);
      if (CLOCKS.get(key) === id) CLOCKS.delete(key);
      return;
    }
    for (const box of root.querySelectorAll(".mt-clock")) {
      const ms = paintClock(box, c, box.dataset.side, run);
      if (ms !== null && ms <= 0 && box.dataset.side === c.running && !sent) {
        sent = true;
        onFlag(box.dataset.side);
      }
    }
  }, 100);
  CLOCKS.set(key, id);
}
