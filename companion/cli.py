"""The `companion` command: replay a game record (and, later, serve the table)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.textview import render
from companion.tracker.codec import to_dict
from companion.tracker.record import RecordError, record_from_dict, replay_record


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record file and print the final state."""
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except json.JSONDecodeError as exc:
        print(f"{args.file} is not valid JSON: {exc}", file=sys.stderr)
        return 2
    try:
        state, history = replay_record(record_from_dict(data))
    except RecordError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(to_dict(state), indent=1))
    else:
        if args.events:
            for index, _entry, events in history:
                for event in events:
                    source = f"  [{event.source}]" if event.source else ""
                    print(f"{index:>4}. {event.text}{source}")
            print()
        print(render(state))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the `companion` command."""
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a game record and print the final state")
    replay.add_argument("file", help="a game record (.json)")
    replay.add_argument("--json", action="store_true", help="print the full state as JSON")
    replay.add_argument(
        "--events", action="store_true", help="print every explained event before the final state"
    )
    replay.set_defaults(func=cmd_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `companion` console script."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
