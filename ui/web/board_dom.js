// Mancala Tutor board: the small helpers its modules share (board.js, board_clock.js,
// board_keys.js). Every word comes from Python (tutor.words), already in the learner's
// language: data.words = {seed: "{n} seed", seeds: "{n} seeds", pit: "{side} pit {pit}, {seeds}",
// store: "{label}, {seeds}", hand: "In hand: {seeds}", next: "...", skip: "...", clock: ...}.

export const WORDS = {};

// The words of the board drawn last (a board drawn without words keeps the ones it had).
export function setWords(words) {
  if (!words) return;
  for (const k of Object.keys(WORDS)) delete WORDS[k];
  Object.assign(WORDS, words);
}

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}
