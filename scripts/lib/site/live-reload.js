// Written only by `npm run site -- --serve`: reloads the page when the pages were rebuilt
// (after `npm run check` updated the progress, or a lesson text changed).
(() => {
  let known = null;
  let failures = 0;
  async function poll() {
    try {
      const response = await fetch('__build', { cache: 'no-store' });
      const build = await response.text();
      failures = 0;
      if (known !== null && build !== known) {
        location.reload();
        return;
      }
      known = build;
    } catch {
      failures += 1;
      if (failures > 30) return; // the server was stopped: stop asking
    }
    setTimeout(poll, 1000);
  }
  poll();
})();
