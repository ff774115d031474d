// On a touch screen there is no hover: the first tap on a cited value shows its quote (the link's
// title) in a small box under it; a second tap follows the link to the line.
(function () {
  var open = null;
  function close() { if (open) { open.box.remove(); open = null; } }
  function show(link) {
    close();
    var box = document.createElement("div");
    box.className = "quote-tip";
    box.setAttribute("role", "tooltip");
    box.textContent = "«" + link.getAttribute("title") + "»";
    var r = link.getBoundingClientRect();
    box.style.top = (window.scrollY + r.bottom + 4) + "px";
    box.style.left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - 288)) + "px";
    document.body.appendChild(box);
    open = { link: link, box: box };
  }
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a.value[title], a.src[title]");
    if (!link) { close(); return; }
    var touch = window.matchMedia && window.matchMedia("(hover: none)").matches;
    if (!touch || (open && open.link === link)) return;   // a mouse hovers; a second tap follows
    e.preventDefault();
    show(link);
  }, true);
})();
