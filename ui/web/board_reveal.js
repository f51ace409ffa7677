// Mancala Tutor board: a verdict shown once its sowing has been shown (a module of board.js).

const SOWN = (window.__mancalaSown = window.__mancalaSown || new Map());

// A verdict waiting for a sowing (ui/reveal.py) sits in a container keyed
// "mtverdict_<anim id>", hidden from the start by a page-wide rule, beside a line
// keyed "mtwatch_<anim id>". Once board `key` has shown the end of sowing `anim`
// (or had nothing to animate), sown() adds the rules that swap the two. The rules
// live in one <style> of the page, so they hold from the first frame of any rerun.
// It also marks the page's <html> with the class "mt-sown-<anim id>", so a page may
// style other things (a lesson's right answer turning green) only once the seeds are down.
function revealSheet() {
  let sheet = document.getElementById("mt-reveal-rules");
  if (!sheet) {
    sheet = document.createElement("style");
    sheet.id = "mt-reveal-rules";
    sheet.textContent = '[class*="st-key-mtverdict_"] { display: none !important; }\n';
    document.head.appendChild(sheet);
  }
  return sheet;
}
revealSheet();

export function sown(key, anim) {
  if (!anim) return;
  const id = String(anim.id).replace(/[^A-Za-z0-9]/g, "_");
  if (SOWN.get(key) === id) return;
  SOWN.set(key, id);
  revealSheet().textContent +=
    `html .st-key-mtverdict_${id} { display: flex !important; }\n` +
    `html .st-key-mtwatch_${id} { display: none !important; }\n`;
  document.documentElement.classList.add(`mt-sown-${id}`);
}
