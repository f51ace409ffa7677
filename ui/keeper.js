// The learner keeper: remembers this browser's learner code, and the language it chose, in localStorage;
// and, on a teacher's browser, the key that keeps a class's teacher view through a reload.
// data: [{ask: false or a number (a new one asks again), save: code|null, forget: bool, lang: code|null, teach?: key|null, unteach?: bool}]
// (a list: see ui/learner.py). When asked, it reports once, as the trigger value "stored": {code: the
// stored code or "", lang: the language chosen on an earlier visit or "", teach: the teacher key or ""}.
const KEY = "mancala_tutor_learner";
const LANG = "mancala_tutor_lang";
const TEACH = "mancala_tutor_teacher";
export default function ({ data: sent, setTriggerValue }) {
  const data = (sent && sent[0]) || {};
  let stored = "";
  let lang = "";
  let teach = "";
  try {
    if (data.forget) window.localStorage.removeItem(KEY);
    if (data.save) window.localStorage.setItem(KEY, data.save);
    if (data.lang) window.localStorage.setItem(LANG, data.lang);
    if (data.unteach) window.localStorage.removeItem(TEACH);
    if (data.teach) window.localStorage.setItem(TEACH, data.teach);
    stored = window.localStorage.getItem(KEY) || "";
    lang = window.localStorage.getItem(LANG) || "";
    teach = window.localStorage.getItem(TEACH) || "";
  } catch (e) {
    stored = "";  // storage blocked (private mode): the session still works, with a new code
  }
  if (data.ask) setTriggerValue("stored", { code: stored, lang, teach });
}
