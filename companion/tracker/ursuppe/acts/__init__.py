"""What each action does, one module per rule area; `handlers.handle` dispatches."""
