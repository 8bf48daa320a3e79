// A "Print" button (data-print) prints the page: no inline handler, which the
// Content-Security-Policy refuses.
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
