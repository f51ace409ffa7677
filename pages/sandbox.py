"""Sandbox: play Kalah or Awari with any rules, two players or against the computer."""

from ui import frame, sandbox

frame.page("sandbox", sandbox.render)
