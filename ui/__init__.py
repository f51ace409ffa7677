"""Streamlit pieces shared by the pages: board widget, session state, sandbox, frame."""
