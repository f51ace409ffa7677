// Mancala Tutor board: a sowing's moves and turns (a module of board.js).

// The index of each move's last frame in a sowing's frames (filled by board.js fillFrames: a move's
// first frame, its lift, has `sow`): the move is drawn whole once that frame is shown.
export function moveEnds(frames) {
  const ends = [];
  frames.forEach((frame, i) => {
    if (i > 0 && frame.sow !== undefined) ends.push(i - 1);
  });
  if (frames.length) ends.push(frames.length - 1);
  return ends;
}

// Mark the page's <html> with "mt-sown-<anim id>-m<k>" for each move k (1, 2...) of sowing `anim`
// drawn whole by frame `i` (all of them when `i` is Infinity): what the page shows beside the board (the
// sandbox's moves and link, ui/reveal.py by_move) follows the board move by move, never ahead of it.
export function movesShown(anim, ends, i) {
  if (!anim) return;
  const id = String(anim.id).replace(/[^A-Za-z0-9]/g, "_");
  ends.forEach((end, m) => {
    if (end <= i) document.documentElement.classList.add(`mt-sown-${id}-m${m + 1}`);
  });
}

// "Show the result" at frame `i`: the last frame of the turn being sown (the moves of one player in a
// row: a move and its extra turns), or -1 when that turn goes on to the sowing's end. The other
// player's turn after it (the computer's reply) is then sown as usual, not skipped with it.
// At a turn's last frame (shown, or held in step mode), the turn being sown is the next one.
export function turnEnd(frames, i) {
  const side = (k) => (frames[k].origin || "")[0];
  const lift = (k) => k < frames.length && frames[k].sow !== undefined;
  const from = lift(i + 1) && side(i + 1) !== side(i) ? i + 1 : i;
  for (let j = from + 1; j < frames.length; j++) {
    if (lift(j) && side(j) !== side(from)) return j - 1;
  }
  return -1;
}
