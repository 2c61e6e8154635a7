"""The phase machine, one module per phase (the facade is `flow`)."""
