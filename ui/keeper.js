// The learner keeper: remembers this browser's learner code in localStorage.
// data: [{ask: bool, save: code|null, forget: bool}] (a list: see ui/board.py). When asked, it
// reports the stored code (or "" for none) once as the trigger value "stored".
const KEY = "mancala_tutor_learner";
export default function ({ data: sent, setTriggerValue }) {
  const data = (sent && sent[0]) || {};
  let stored = "";
  try {
    if (data.forget) window.localStorage.removeItem(KEY);
    if (data.save) window.localStorage.setItem(KEY, data.save);
    stored = window.localStorage.getItem(KEY) || "";
  } catch (e) {
    stored = "";  // storage blocked (private mode): the session still works, with a new code
  }
  if (data.ask) setTriggerValue("stored", stored);
}
