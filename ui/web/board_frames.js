// Mancala Tutor board: a sowing's frames filled in from what each one changed (a module of board.js).

// A sowing's frames come saying only what changed (ui/board_data.py sowing_steps): `set`, the counts
// that changed since the frame before (the first frame: since `base`, the board's counts for a
// foreseen press, else all of them); a sown seed's frame has nothing else: it lights its place,
// holds one seed fewer than the frame before, says the lift's `sow` words with the seed's number,
// and the last seed is held longer. Each frame gets its whole `counts`, `hi`, `hand`, `note` and
// `hold` back (as sowing_frames does in Python).
export function fillFrames(anim, base = {}) {
  if (!anim || !anim.frames) return;
  let counts = base;
  let sow = "";
  let lifted = 0;
  let hand = 0;
  let origin = null; // the pit of the move being sown, and the places it has sown so far
  let path = [];
  for (const frame of anim.frames) {
    if (!frame.set) continue;
    counts = { ...counts, ...frame.set };
    if (frame.note === undefined) {
      hand -= 1;
      frame.hi = Object.keys(frame.set);
      frame.hand = hand;
      frame.note = sow.replace("{n}", String(lifted - hand));
      frame.hold = hand === 0;
      path = [...path, ...frame.hi];
    } else {
      hand = frame.hand;
      if (frame.sow !== undefined) {
        sow = frame.sow;
        lifted = hand;
        origin = (frame.hi || [])[0] || null;
        path = [];
      }
      frame.hold = Boolean(frame.hold);
    }
    frame.origin = origin;
    frame.path = path;
    frame.counts = counts;
    delete frame.set;
  }
}
