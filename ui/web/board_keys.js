// Mancala Tutor board: the keyboard and the live region (a module of board.js).

import { el } from "./board_dom.js";

const FOCUS = (window.__mancalaFocus = window.__mancalaFocus || new Map());
const ROVE = (window.__mancalaRove = window.__mancalaRove || new Map());

function focusedIn(root) {
  const a = root.getRootNode().activeElement;
  return a && root.contains(a) ? a : null;
}

// Where the focus is in board `key`: a place key ("S3"), "board" for another of its buttons, or
// null. When the focus is nowhere (the page's body) because the board was drawn anew under it (a
// rerun, a new frame), the place remembered by watchFocus() on this page, so it can be put back.
export function focusPlace(root, key) {
  const a = focusedIn(root);
  if (a) return (a.dataset && a.dataset.place) || "board";
  const doc = document.activeElement;
  if (doc && doc !== document.body && doc !== document.documentElement) return null;
  const kept = FOCUS.get(key);
  return kept && kept.path === location.pathname ? kept.place : null;
}

// Remember where the focus is inside the board (once per drawn root); forget it when the learner
// takes the focus elsewhere, but not when the board itself removed the focused button.
export function watchFocus(root, key) {
  if (root.dataset.mtWatched === key) return;
  root.dataset.mtWatched = key;
  root.addEventListener("focusin", (e) => {
    const place = (e.target.dataset && e.target.dataset.place) || "board";
    FOCUS.set(key, { place, path: location.pathname });
  });
  root.addEventListener("focusout", (e) => {
    const left = e.target;
    const to = e.relatedTarget;
    if (to && root.contains(to)) return;
    if (to) {
      FOCUS.delete(key);
      return;
    }
    setTimeout(() => {
      if (left.isConnected && !focusedIn(root)) FOCUS.delete(key);
    }, 0);
  });
}

// The row that can be pressed is one tab stop (a roving tabindex): the pit last focused in that
// row if it can still be pressed, else the first from the left. Left/Right move along the row as
// drawn, Home/End go to its ends; Enter or Space presses the pit (it is a real button).
export function rove(root, key, side) {
  const pits = [...root.querySelectorAll(".mt-pit.mt-playable")];
  if (!pits.length) return null;
  const memo = `${key}:${side}`;
  const want = ROVE.get(memo);
  const stop = pits.find((b) => b.dataset.place === want) || pits[0];
  const go = (target) => {
    for (const b of pits) b.tabIndex = b === target ? 0 : -1;
    ROVE.set(memo, target.dataset.place);
    target.focus();
    target.scrollIntoView({ block: "nearest", inline: "nearest" }); // a board that scrolls sideways
  };
  pits.forEach((b, i) => {
    b.tabIndex = b === stop ? 0 : -1;
    b.addEventListener("focus", () => {
      for (const o of pits) o.tabIndex = o === b ? 0 : -1;
      ROVE.set(memo, b.dataset.place);
    });
    b.addEventListener("keydown", (e) => {
      const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: pits.length - 1 }[e.key];
      if (to === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      go(pits[Math.max(0, Math.min(pits.length - 1, to))]);
    });
  });
  return stop;
}

// The live region: what the last action did (data.said, made in Python), set once its sowing has
// been shown. It is made once and kept while the board is redrawn, so a screen reader hears the
// change; the same words are not set again for a redraw of the same action.
export function say(root, data) {
  let box = root.querySelector(":scope > .mt-say");
  if (!box) {
    box = el("div", "mt-say");
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    box.setAttribute("aria-atomic", "true");
    root.appendChild(box);
  }
  const id = String(data.said_id);
  const text = data.said || "";
  if (box.dataset.saidId === id && box.textContent === text) return;
  box.dataset.saidId = id;
  box.textContent = text;
}
