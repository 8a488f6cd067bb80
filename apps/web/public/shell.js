// Runs before the app's code arrives (a blocking script in index.html's head): the loading shell in the stored
// language, mode and direction, so dark-mode users see no white flash and right-to-left users no jump. React
// replaces the shell on its first render; this file must stay tiny and dependency-free, so the storage keys
// ('appearance', 'locale') are written out here: they are STORAGE_KEYS.appearance and STORAGE_KEYS.locale.
try {
  const root = document.documentElement;
  const look = JSON.parse(localStorage.getItem('appearance') || '{}') || {};
  if (look.mode === 'dark') root.setAttribute('data-shell', 'dark');
  if (look.direction === 'rtl') root.dir = 'rtl';
  if (localStorage.getItem('locale') === 'en') root.lang = 'en';
} catch {
  // Storage blocked: the light, left-to-right shell.
}
