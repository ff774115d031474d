// Search that knows word forms and a term's names in three languages: before a query reaches the
// theme's search worker, each word gets the words the build found to mean the same
// (assets/search-terms.json: колоды -> колода, колод, ...; repique -> repic, レピック, репик).
// The words are added, never removed: a page with the typed word itself still ranks first.
(function () {
  var script = document.currentScript;
  var url = script ? script.src.replace(/search-expand\.js(\?.*)?$/, "search-terms.json") : null;
  var terms = null;
  if (url && window.fetch) {
    fetch(url).then(function (r) { return r.ok ? r.json() : {}; })
      .then(function (t) { terms = t; }, function () { terms = {}; });
  }
  function expand(query) {
    if (!terms || !terms.words || typeof query !== "string") return query;
    var words = query.split(/\s+/), extra = [];
    words.forEach(function (word) {
      var key = word.replace(/[*~^+\-:]+/g, "").toLowerCase();
      (terms.words[key] || []).forEach(function (i) {
        terms.groups[i].forEach(function (w) {
          if (w !== key && extra.indexOf(w) < 0 && words.indexOf(w) < 0 && w.indexOf(" ") < 0) extra.push(w);
        });
      });
    });
    return extra.length ? query + " " + extra.join(" ") : query;
  }
  // The theme searches on key events: a query pasted (or dropped, or filled in by an assistive
  // tool) raises only an `input` event, so it is passed on as the key event the theme waits for.
  // Not while an input method composes (Japanese), whose own keys end the composition.
  document.addEventListener("input", function (e) {
    var el = e.target;
    if (el && el.matches && el.matches("input.md-search__input") && !e.isComposing) {
      el.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }
  }, true);
  var post = window.Worker && Worker.prototype.postMessage;
  if (!post) return;
  Worker.prototype.postMessage = function (message) {
    // {type: 2, data: query} is the theme's search query message (mkdocs-material 9)
    if (message && message.type === 2 && typeof message.data === "string") {
      arguments[0] = { type: 2, data: expand(message.data) };
    }
    return post.apply(this, arguments);
  };
  window.hoyleSearchExpand = expand;   // for the browser tests
})();
