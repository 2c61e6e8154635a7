"""The genes: what a gene card is (`card`), and the extra genes of the Advanced Genome
Project (`extra`: their data; their actions, labels and refusals; one module per rule they
change: attacks, crust, deaths, economy, explosion, feeding, moves, phase 3, sensing, steps)."""
