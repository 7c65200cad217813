// Paints the loading screen in the stored theme and primary colour before the app's JavaScript loads.
(function () {
  try {
    var root = document.documentElement;
    var colors = JSON.parse(localStorage.getItem("parley.loaderColors") || "null");
    var theme = localStorage.getItem("parley.theme");
    var dark = theme === "dark" || (theme !== "light" && window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
    root.style.setProperty("--loader-surface", (colors && colors.surface) || (dark ? "#09090b" : "#ffffff"));
    root.style.setProperty("--loader-primary", (colors && colors.primary) || "#a855f7");
    root.style.colorScheme = dark ? "dark" : "light";
    if (dark) root.classList.add("dark");
  } catch {
    // Storage may be blocked; the default colours stay.
  }
})();
