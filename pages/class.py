"""Class: pupils join their class and answer live questions; teachers make and open a class."""

from ui import class_page, frame

frame.page("class", class_page.render)
