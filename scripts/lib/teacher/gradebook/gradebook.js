(() => {
  const table = document.querySelector('table.grades');
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const key = (column) => (column === 'name' ? 'name' : column === 'total' ? 'total' : 'l-' + column);
  const value = (row, column) => {
    const text = row.getAttribute('data-' + key(column)) ?? '';
    return column === 'name' ? text : Number(text);
  };
  let sortedBy = 'name';
  let ascending = true;
  for (const button of table.querySelectorAll('thead button[data-sort]')) {
    button.addEventListener('click', () => {
      const column = button.dataset.sort;
      ascending = sortedBy === column ? !ascending : column === 'name';
      sortedBy = column;
      const factor = ascending ? 1 : -1;
      rows.sort((a, b) => {
        const x = value(a, column);
        const y = value(b, column);
        const order = typeof x === 'number' ? x - y : String(x).localeCompare(String(y));
        return factor * order || String(value(a, 'name')).localeCompare(String(value(b, 'name')));
      });
      for (const row of rows) body.appendChild(row);
      for (const head of table.querySelectorAll('thead th')) head.removeAttribute('aria-sort');
      button.closest('th').setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    });
  }
  const threshold = document.getElementById('threshold');
  const column = document.getElementById('filter-column');
  const shown = document.getElementById('shown');
  const filter = () => {
    const limit = threshold.value === '' ? Infinity : Number(threshold.value);
    let count = 0;
    for (const row of rows) {
      const below = value(row, column.value) < limit;
      row.hidden = !below;
      if (below) count += 1;
    }
    shown.textContent = count + ' of ' + rows.length + ' students shown' + (limit === Infinity ? '' : ' (below ' + limit + ' %)');
  };
  threshold.addEventListener('input', filter);
  column.addEventListener('change', filter);
  document.getElementById('controls').addEventListener('submit', (event) => event.preventDefault());
  const wanted = new URLSearchParams(location.search).get('below');
  if (wanted !== null) {
    threshold.value = wanted;
    filter();
  }
})();
