"""The refusals: why an action is not legal now, as a message that names the rule it rests on
(`why_not`, with the checks behind it in `cases` and `more`)."""
