"""The browser bench's server: the app as `companion serve` runs it (its own process, its
collector tuned), with one more route, the floor: a bare htmx swap of a one-line fragment."""

import sys

from flask import Blueprint, render_template

from companion import create_app
from companion.serving import THREADS, app_settings, bind, serve_bound, tune_collector

floor = Blueprint("bench_floor", __name__, template_folder="templates")


@floor.route("/bench/floor", defaults={"revision": 0})
@floor.route("/bench/floor/<int:revision>")
def part(revision: int):
    """The floor's page, then each fragment its button asks for."""
    return render_template("floor_part.html" if revision else "floor.html", revision=revision)


if __name__ == "__main__":  # python -m bench.floor PORT INSTANCE (started by clients.serve)
    port, base = int(sys.argv[1]), f"http://127.0.0.1:{sys.argv[1]}"
    config = {"DEBUG": False, **app_settings(THREADS), "INSTANCE_PATH": sys.argv[2]}
    app = create_app(config | {"PUBLIC_URL": base, "TAP_ARM_MS": 60, "TAP_REPEAT_MS": 120})
    app.register_blueprint(floor)
    server = bind(app, "127.0.0.1", port)
    print(f"{base}/referee/{app.config['REFEREE_TOKEN']} ", flush=True)
    tune_collector()
    serve_bound(server)
