/* The sanction form's live pre-checks: on a change, POST the form (with its CSRF
   token) to the pre-check view and put the returned list in place. Also hides the
   gold-only fields while the level is silver. No libraries. */
(function () {
  "use strict";
  var form = document.getElementById("sanction-form");
  var target = document.getElementById("pre-checks");
  if (!form || !target) return;
  var url = form.getAttribute("data-pre-checks-url");
  var token = form.querySelector("input[name=csrfmiddlewaretoken]");
  var timer = null;
  var asked = 0;

  function refresh() {
    var mine = ++asked;
    fetch(url, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "X-CSRFToken": token ? token.value : "", "X-Requested-With": "fetch" },
    })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (html) {
        if (mine === asked) target.innerHTML = html; // an older answer never wins
      })
      .catch(function () { /* keep the last list; the server checks again on submit */ });
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 300);
  }

  function showGold() {
    var level = form.querySelector("[name=level]");
    var gold = level && level.value === "gold";
    var fieldset = document.getElementById("gold-only");
    if (fieldset) fieldset.hidden = !gold;
    form.querySelectorAll(".gold-required-note").forEach(function (note) {
      note.hidden = !gold;
    });
  }

  form.addEventListener("input", later);
  form.addEventListener("change", function (event) {
    if (event.target.name === "level") showGold();
    later();
  });
  showGold();
})();
