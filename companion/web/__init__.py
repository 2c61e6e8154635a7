"""The web shell: referee console, seat views, public board, records."""
