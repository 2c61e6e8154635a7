// Ursuppe Companion: the correction form shows only the inputs the chosen kind needs, and
// fills in the value the app tracks now for what was picked (no inline scripts: CSP).
(function () {
  "use strict";

  function picked(form, name) {
    var control = form.querySelector("select[name=" + name + "]:not([disabled])");
    return control ? control.options[control.selectedIndex] : null;
  }

  function showKind(form) {
    var kind = form.elements.field.options[form.elements.field.selectedIndex];
    var needs = kind.dataset.needs.split(" ");
    form.querySelectorAll("label[data-needs]").forEach(function (label) {
      var shown = needs.indexOf(label.dataset.needs) >= 0;
      label.hidden = !shown;
      label.querySelectorAll("input, select").forEach(function (control) {
        control.disabled = !shown;
      });
    });
    form.querySelectorAll("[data-cubes-text]").forEach(function (span) {
      span.textContent = kind.value === "cubes" ? span.dataset.cubesText : span.dataset.playerText;
    });
  }

  function currentValue(form) {
    var kind = form.elements.field.value;
    var player = picked(form, "color");
    var amoeba = picked(form, "amoeba");
    var space = picked(form, "space");
    var gene = picked(form, "gene");
    if (kind === "bp" && player) { return player.dataset.bp; }
    if (kind === "marker" && player) { return player.dataset.marker; }
    if (kind === "dp" && amoeba) { return amoeba.dataset.dp; }
    if (kind === "cubes" && space && player) { return space.dataset[player.value]; }
    if (kind === "amoeba_space" && amoeba) { return amoeba.dataset.space; }
    if (kind === "toxic" && space) { return space.dataset.toxic; }
    if (kind === "gene" && player && gene) {
      return player.dataset.genes.split(" ").indexOf(gene.value) >= 0 ? "1" : "0";
    }
    return null;
  }

  function prefill(form) {
    var value = form.querySelector("[name=value]:not([disabled])");
    var now = currentValue(form);
    if (value && now !== null && now !== undefined) { value.value = now; }
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-correction]");
    if (!form || event.target.name === "value" || event.target.name === "reason") { return; }
    if (event.target.name === "field") { showKind(form); }
    prefill(form);
  });
})();
