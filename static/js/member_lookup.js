/* The member lookup of the forms that name players (a team's roster): as a name or
   a MID is typed into an input[data-member-lookup], ask the URL in the form's
   data-member-lookup-url (members:member_lookup) and offer the answers in a
   <datalist>, each as "Name (MID)", which the server reads back as that MID.
   Without this script the form still works: the server looks the row up on submit
   and lists the members a name matches to choose from. No libraries. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-member-lookup-url]");
  if (!form) return;
  var url = form.getAttribute("data-member-lookup-url");
  // A row that already holds a chosen member ("Anna Ek (12345)") is not asked again.
  var chosen = /\(\s*\d+\s*\)\s*$/;

  function attach(input, index) {
    var list = document.createElement("datalist");
    list.id = "member-lookup-" + index;
    input.parentNode.appendChild(list);
    input.setAttribute("list", list.id);
    var timer = null;
    var asked = 0;
    var last = "";

    function fill(members) {
      list.textContent = "";
      members.forEach(function (member) {
        var option = document.createElement("option");
        option.value = member.name + " (" + member.mid + ")";
        if (member.club) option.label = member.name + " (" + member.mid + "), " + member.club;
        list.appendChild(option);
      });
    }

    function ask() {
      var text = input.value.trim();
      if (text === last) return;
      last = text;
      if (chosen.test(text) || (text.length < 2 && !/^\d+$/.test(text))) {
        fill([]);
        return;
      }
      var mine = ++asked;
      fetch(url + "?q=" + encodeURIComponent(text), {
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-Requested-With": "fetch" },
      })
        .then(function (response) {
          if (!response.ok) throw new Error(response.status);
          return response.json();
        })
        .then(function (answer) {
          if (mine === asked) fill(answer.members || []); // an older answer never wins
        })
        .catch(function () { /* no suggestions; the server looks the row up on submit */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 250);
    });
  }

  form.querySelectorAll("input[data-member-lookup]").forEach(attach);
})();
