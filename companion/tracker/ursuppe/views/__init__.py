"""The views: what each reader may see of a state (the public board, one seat), what is awaited
(`prompts`), the buttons' and the log's words (`labels`), the derivation of each number
(`why`), what changed from one moment to the next (`moment`), and the game's outcome."""
