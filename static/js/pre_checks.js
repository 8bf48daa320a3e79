/* A form's live pre-checks (the sanction and the licence forms): on a change, POST
   the form (with its CSRF token) to the URL in its data-pre-checks-url and put the
   returned list in #pre-checks. Also hides the sanction's gold-only fields while the
   level is silver, and any element with data-shown-for="field=value" while that
   field holds another value. No libraries. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-pre-checks-url]");
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

  function showDependent() {
    document.querySelectorAll("[data-shown-for]").forEach(function (element) {
      var rule = element.getAttribute("data-shown-for").split("=");
      var field = form.querySelector("[name='" + rule[0] + "']");
      element.hidden = !field || field.value !== rule[1];
    });
  }

  form.addEventListener("input", later);
  form.addEventListener("change", function (event) {
    if (event.target.name === "level") showGold();
    showDependent();
    later();
  });
  showGold();
  showDependent();
})();
