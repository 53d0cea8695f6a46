// The census page: GET /api/census as a table sorted by any column, each
// code linking to the plot of its nim-sequence on the tables page.
import { apiOrError, el, $ } from './common.js';

// COLUMNS are the columns shown: the run's field, the heading and
// whether it is a number. The figures are headed by their field's name in
// words. The page sorts them itself.
const FIGURES = ['period', 'preperiod', 'saltus', 'last_exceptional', 'mask', 'rare_heaps',
  'last_rare_heap', 'largest_value', 'heaps', 'seconds'];
const COLUMNS = [
  ['canonical', 'code', false],
  ['status', 'status', false],
  ...FIGURES.map(f => [f, f.replaceAll('_', ' '), true]),
];

let runs = [];
let sortKey = 'canonical', desc = false;

async function load() {
  const got = await apiOrError('/api/census', 'error');
  if (!got) return;
  runs = got;
  const q = new URLSearchParams(location.search);
  if (COLUMNS.some(c => c[0] === q.get('sort'))) sortKey = q.get('sort');
  desc = q.get('desc') === '1';
  if (q.get('status')) $('#filter').value = q.get('status');
  draw();
}

// cell is what a run shows in a column: "–" where the figure does not
// apply (no period, no rare/common split).
function cell(r, field) {
  const v = r[field];
  const none = (field === 'period' || field === 'preperiod') ? r.period === 0
    : field === 'saltus' ? r.saltus === 0
      : (field === 'mask' || field === 'rare_heaps') ? r.mask === 0
        : (field === 'last_exceptional' || field === 'last_rare_heap') ? v < 0 : false;
  return none ? '–' : field === 'seconds' ? v.toFixed(3) : String(v);
}

function draw() {
  const head = el('tr', null, ...COLUMNS.map(([field, label, num]) => {
    const active = field === sortKey;
    const b = el('button', { type: 'button', class: 'sort', 'data-field': field }, label, active ? (desc ? ' ▼' : ' ▲') : '');
    return el('th', { scope: 'col', class: num ? 'num' : null, 'aria-sort': active ? (desc ? 'descending' : 'ascending') : null }, b);
  }));
  $('#census thead').replaceChildren(head);
  const want = $('#filter').value;
  const shown = runs.filter(r => !want || r.status === want);
  const num = COLUMNS.find(c => c[0] === sortKey)[2];
  shown.sort((a, b) => {
    const x = a[sortKey], y = b[sortKey];
    const c = num ? x - y : String(x).localeCompare(String(y), 'en', { numeric: true });
    return (desc ? -c : c) || a.canonical.localeCompare(b.canonical, 'en', { numeric: true });
  });
  $('#census tbody').replaceChildren(...shown.map(r => el('tr', { class: r.note ? 'noted' : null },
    ...COLUMNS.map(([field, , isNum], i) => {
      if (i === 0) {
        const to = Math.min(r.heaps, 20000);
        return el('th', { scope: 'row' }, el('a', { href: `/tables?code=${encodeURIComponent(r.canonical)}&to=${to}`, title: r.note || `plot G(0..${to - 1})` }, r.canonical));
      }
      return el('td', { class: isNum ? 'num' : null }, cell(r, field));
    }))));
  const count = s => runs.filter(r => r.status === s).length;
  $('#summary').textContent = `${runs.length} codes: ${count('proven')} proven, ${count('apparent')} apparent, ${count('open')} open` +
    (want ? `; showing the ${shown.length} ${want}` : '') + '.';
  const q = new URLSearchParams({ sort: sortKey });
  if (desc) q.set('desc', '1');
  if (want) q.set('status', want);
  history.replaceState(null, '', '?' + q);
}

$('#census').addEventListener('click', e => {
  const b = e.target.closest('button.sort');
  if (!b) return;
  if (b.dataset.field === sortKey) desc = !desc;
  else { sortKey = b.dataset.field; desc = false; }
  draw();
});
$('#filter').addEventListener('change', draw);
load();
