"""The record: the game's JSON document with its undo entries (`document`), the lossless
codec of states and setups (`codec`), the referee's corrections (`corrections`,
`corrections_table`), and the immutable stack the history keeps (`chain`)."""
