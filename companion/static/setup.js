// Ursuppe Companion: the setup form shows the player rows the chosen way of playing needs
// (000 §Ursuppe para 2 jugadores): two names and the decoy's color, or four rows for double
// play; the rows set aside are hidden and not sent, so a last game's names left in them do
// not count (no inline scripts: CSP).
(function () {
  "use strict";

  var ROWS = { none: 6, decoy: 3, double1: 4, double2: 4 };

  function showRows(form) {
    var checked = form.querySelector("input[name=two_players]:checked");
    var variant = checked ? checked.value : "none";
    var rows = ROWS[variant] || 6;
    form.querySelectorAll(".player-row[data-row]").forEach(function (row) {
      var n = Number(row.dataset.row);
      var shown = n <= rows;
      var decoyRow = variant === "decoy" && n === 3;
      row.hidden = !shown;
      row.querySelectorAll("input, select").forEach(function (control) {
        control.disabled = !shown || (decoyRow && control.tagName === "INPUT");
        if (control.tagName === "INPUT") { control.hidden = decoyRow; }
      });
      var label = row.querySelector(".decoy-name");
      if (label) { label.hidden = !decoyRow; }
    });
    var hint = form.querySelector("[data-rows-hint]");
    if (hint) {
      var key = variant === "decoy" ? "decoy" : (rows === 4 ? "double" : "none");
      hint.textContent = hint.dataset[key];
    }
  }

  document.querySelectorAll("form.setup").forEach(function (form) {
    if (!form.querySelector("input[name=two_players]")) { return; }
    form.addEventListener("change", function (event) {
      if (event.target.name === "two_players") { showRows(form); }
    });
    showRows(form);
  });
})();
