"""A pupil's own move, said to them: "you" and "your pit", the pit named once (ut46 #11).

The live question's pupil reads what their chosen pit did once the teacher shows the answers. The
rules' own sentences (``tutor.words.moves``) name the sides ("South takes ..."), which a pupil playing
South read as someone else; here every fact comes from the engine's ``MoveResult`` and is said from the
mover's side: where the last seed lands, the extra turn (K9), the capture with where its seeds came from
(K10, A3: ``tutor.words.coach.captured_seeds``), a grand slam (A4), the end of the game (K14-K16, A6).
"""

from __future__ import annotations

from engine import MoveResult, Rules

from ..i18n import gettext as _
from .coach import captured_seeds
from .lessonplay import your_place
from .moves import announcements, result_text


def chosen_move(result: MoveResult, rules: Rules) -> str:
    """What the pupil's pit did, to them: ``"You chose pit 6: its last seed lands in your pit 1 and
    captures 4 seeds (3 from North's pit 6 and the last seed)."``, ``"You chose pit 5: its last seed lands
    in your store, so you move again."``, ``"You chose pit 3: its one seed lands in North's pit 1."``; a
    move that ends the game says the result, "You won 25 to 23. ..." (``tutor.words.moves.result_text``)."""
    mover = result.mover
    place = your_place(result.last, mover)
    land = (_("its one seed lands in {place}") if len(result.path) == 1 else
            _("its last seed lands in {place}")).format(place=place)
    if result.captured:
        said = _("You chose pit {pit}: {land} and captures {seeds}.").format(
            pit=result.pit, land=land, seeds=captured_seeds([result], mover))
    elif result.extra_turn:
        said = _("You chose pit {pit}: {land}, so you move again.").format(pit=result.pit, land=land)
    else:
        said = _("You chose pit {pit}: {land}.").format(pit=result.pit, land=land)
    parts = [said] + [text for rule_id, text in announcements(result, rules) if rule_id == "A4"]
    if result.outcome is not None:
        parts.append(result_text(result.outcome, rules, result, you=mover))
    return " ".join(parts)


__all__ = ["chosen_move"]
