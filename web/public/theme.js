// Theme before first paint (spec 01 §4): the stored choice, else the system preference. A classic script loaded
// synchronously from <head> (not inline: the Content-Security-Policy runs no inline script; not a module: those
// run after the first paint).
try {
  var theme = localStorage.getItem('theme');
  var dark = theme ? theme === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  if (dark) document.documentElement.classList.add('dark');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
} catch {
  // Storage or matchMedia unavailable: keep the default (light) theme.
}
