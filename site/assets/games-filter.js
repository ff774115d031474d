// The games list, filtered in the browser (works offline): players, pack size, family,
// language and source, read from each row's data-* attributes (written by the build).
(function () {
  function apply(form) {
    var v = function (name) { return form.elements[name].value; };
    var players = parseInt(v("players"), 10), deck = v("deck"), family = v("family");
    var language = v("language"), source = v("source"), described = form.elements.described.checked;
    var shown = 0;
    document.querySelectorAll("tr.game").forEach(function (row) {
      var d = row.dataset, ok = true;
      if (!isNaN(players)) {
        var lo = parseInt(d.playersMin, 10), hi = parseInt(d.playersMax, 10);
        ok = !isNaN(lo) && lo <= players && players <= hi;
      }
      if (ok && deck) ok = (" " + d.decks + " ").indexOf(" " + deck + " ") >= 0;
      if (ok && family) ok = d.family === family;
      if (ok && language) ok = (" " + d.languages + " ").indexOf(" " + language + " ") >= 0;
      if (ok && source) ok = (" " + d.sources + " ").indexOf(" " + source + " ") >= 0;
      if (ok && described) ok = d.sources !== "";
      row.hidden = !ok;
      if (ok) shown += 1;
    });
    // a family with no game left is hidden with its heading
    document.querySelectorAll("table.games").forEach(function (table) {
      var block = table.closest("div.hc"), any = table.querySelector("tr.game:not([hidden])") !== null;
      block.hidden = !any;
      var heading = block.previousElementSibling;
      if (heading && /^H[1-6]$/.test(heading.tagName)) heading.hidden = !any;
    });
    // the words come from the page (the build writes them in the page's language)
    var out = form.elements.count, template = out.getAttribute("data-template") || "{n} / {m}";
    out.value = template.replace("{n}", shown).replace("{m}", document.querySelectorAll("tr.game").length);
  }
  function init() {
    var form = document.getElementById("game-filter");
    if (!form) return;
    form.addEventListener("input", function () { apply(form); });
    form.addEventListener("change", function () { apply(form); });
    apply(form);
  }
  // mkdocs-material may swap pages without a reload (instant loading): listen to both
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(init);
  else document.addEventListener("DOMContentLoaded", init);
})();
