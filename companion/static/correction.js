// Ursuppe Companion: the correction form shows only the inputs the chosen kind needs, and
// fills in the value the app tracks now for what was picked (no inline scripts: CSP).
// Ursuppe's form carries those values on its options; Urland's as one table (`data-now`,
// keyed by the kind and the picked names, `|`-joined, in the order of its `data-key` pickers).
(function () {
  "use strict";

  function picked(form, name) {
    var control = form.querySelector("select[name=" + name + "]:not([disabled])");
    return control ? control.options[control.selectedIndex] : null;
  }

  function showKind(form) {
    var kind = form.elements.field.options[form.elements.field.selectedIndex];
    var needs = kind.dataset.needs.split(" ");
    form.querySelectorAll("label[data-needs], fieldset[data-needs]").forEach(function (label) {
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
    if (kind === "gene_since" && player && gene) {
      var found = player.dataset.since.split(" ").filter(function (pair) {
        return pair.split(":")[0] === gene.value;
      });
      return found.length ? found[0].split(":")[1] : null;
    }
    if (kind === "box_cubes" && player) { return player.dataset.box; }
    return null;
  }

  function tableValue(form) {
    var table = JSON.parse(form.dataset.now);
    var parts = [form.elements.field.value];
    form.querySelectorAll("select[data-key]:not([disabled])").forEach(function (control) {
      parts.push(control.value);
    });
    return table[parts.join("|")];
  }

  function prefillMany(form) {
    var kind = form.elements.field.value;
    var space = picked(form, "space");
    var player = picked(form, "color");
    if (kind === "space_cubes" && space) {
      form.querySelectorAll("input[name^=cubes_]").forEach(function (input) {
        input.value = space.dataset[input.name.slice(6)] || "0";
      });
    }
    if (kind === "uses" && player) {
      var used = player.dataset.used.split(" ");
      form.querySelectorAll("input[name=uses]").forEach(function (box) {
        box.checked = used.indexOf(box.value) >= 0;
      });
    }
  }

  function prefill(form) {
    var value = form.querySelector("[data-now-target]:not([disabled])") ||
      form.querySelector("[name=value]:not([disabled])");
    var now = form.dataset.now ? tableValue(form) : currentValue(form);
    if (value && now !== null && now !== undefined) { value.value = now; }
    prefillMany(form);
  }

  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form[data-correction]");
    var own = ["value", "reason", "uses", "cards", "dp", "place"];
    if (!form || own.indexOf(event.target.name) >= 0 || /^cubes_/.test(event.target.name)) {
      return;
    }
    if (event.target.name === "field") { showKind(form); }
    prefill(form);
  });
})();
