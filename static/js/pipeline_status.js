/* A report's processing line (#pipeline, templates/tournaments/includes/_pipeline.html)
   follows the pipeline's steps: it asks the JSON at its data-status-url (the status in
   the reader's language) and rewrites itself, until the pipeline is done or failed.
   It asks after 1 s, then a little later each time (at most every 10 s), and gives up
   after half an hour: a reload shows the state then, as it does without JavaScript.
   When the steps are done, a link offers the page with what they wrote. No libraries. */
(function () {
  "use strict";
  var line = document.getElementById("pipeline");
  if (!line || line.getAttribute("data-done") === "true") return;
  var url = line.getAttribute("data-status-url");
  if (!url || !window.fetch) return;
  var delay = 1000;
  var until = Date.now() + 30 * 60 * 1000;

  function put(selector, text) {
    var element = line.querySelector(selector);
    if (element) element.textContent = text;
  }

  function show(state) {
    line.className = "pipeline pipeline-" + state.status;
    line.setAttribute("data-done", state.done ? "true" : "false");
    put(".label", state.label);
    put(".detail", state.detail ? " (" + state.detail + ")" : "");
    put(".reason", state.reason ? ": " + state.reason : "");
    var reload = line.querySelector(".reload");
    if (reload) reload.hidden = !(state.done && state.status === "done");
  }

  function later() {
    if (Date.now() > until) return;
    window.setTimeout(ask, delay);
    delay = Math.min(delay * 1.5, 10000);
  }

  function ask() {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.json();
      })
      .then(function (state) {
        show(state);
        if (!state.done) later();
      })
      .catch(later); // a lost answer: ask again a little later
  }

  later();
})();
