// The value page: a sum of partizan games in CGSuite's notation, described
// by POST /api/value (as nimber value --json --thermograph), and a short
// game's thermograph drawn as SVG by common.js's drawThermograph. A loopy
// game (package loopy) has sides, an outcome class with draws and no
// thermograph; its short-game fields are null.
import { api, el, $, setError, drawThermograph } from './common.js';
import { download, svgText, svgPNG } from './share.js';

const OUTCOMES = {
  L: 'Left wins whoever starts',
  R: 'Right wins whoever starts',
  P: 'the second player wins',
  N: 'the first player wins',
  D: 'a draw whoever starts',
  PHat: 'Left wins moving second, a draw when Left moves first',
  PCheck: 'Right wins moving second, a draw when Right moves first',
  NHat: 'Left wins moving first, a draw when Right moves first',
  NCheck: 'Right wins moving first, a draw when Left moves first',
};

// facts is the table of what the theory says of the sum.
function facts(d) {
  const row = (name, ...value) => el('tr', null, el('th', { scope: 'row' }, name), el('td', null, ...value));
  const list = xs => (xs && xs.length ? el('span', { class: 'mono' }, xs.join(', ')) : el('span', { class: 'muted' }, 'none'));
  const loopy = 'stopper' in d;
  const rows = [
    row(loopy ? 'simplest form' : 'canonical form', el('span', { class: 'mono', id: 'canonical' }, d.canonical)),
    row('outcome', el('span', { class: `badge ${d.outcome}`, id: 'outcome' }, d.outcome), ' ', OUTCOMES[d.outcome]),
  ];
  if (loopy) {
    rows.push(row('sides', d.stopper
      ? el('span', { id: 'sides' }, 'a stopper: its onside and offside are itself')
      : el('span', { class: 'mono', id: 'sides' }, `${d.onside} & ${d.offside}`)));
  }
  rows.push(row('stops', d.left_stop === null
    ? el('span', { class: 'muted' }, 'not given: a side is not a stopper')
    : `left ${d.left_stop}, right ${d.right_stop}`));
  if (!loopy) {
    rows.push(
      row('mean', d.mean),
      row('temperature', d.temperature),
      row('birthday', String(d.birthday)),
      row('atomic weight', d.atomic_weight === null ? el('span', { class: 'muted' }, 'not atomic') : el('span', { class: 'mono' }, d.atomic_weight)));
  }
  rows.push(row('Left options', list(d.left_options)), row('Right options', list(d.right_options)));
  return el('table', { class: 'data facts', id: 'facts' }, el('tbody', null, ...rows));
}

const exprs = () => $('#exprs').value.split('\n').map(s => s.trim()).filter(s => s !== '');
let shown = ''; // the sum of the picture, for file names
let asked = 0; // the number of the latest request: older answers are dropped

async function evaluate(push) {
  const es = exprs();
  const n = ++asked;
  setError('error', '');
  if (push) {
    const q = new URLSearchParams();
    for (const e of es) q.append('expr', e);
    history.replaceState(null, '', '?' + q.toString());
  }
  try {
    const d = await api('/api/value', { exprs: es });
    if (n !== asked) return;
    shown = es.join(' + ');
    $('#result').replaceChildren(facts(d));
    const drawn = Boolean(d.thermograph);
    $('#thermograph').replaceChildren(drawn
      ? drawThermograph(d.thermograph, d.canonical)
      : el('p', { class: 'muted' }, 'A loopy game: no thermograph is drawn.'));
    $('#export-svg').disabled = !drawn;
    $('#export-png').disabled = !drawn;
  } catch (e) {
    if (n !== asked) return;
    // No stale answer stays beside the error.
    $('#result').replaceChildren();
    $('#thermograph').replaceChildren();
    $('#export-svg').disabled = true;
    $('#export-png').disabled = true;
    setError('error', e.message);
  }
}

function fileName() {
  const s = shown.replace(/[^A-Za-z0-9^*+\-]+/g, '_').slice(0, 60);
  return `thermograph-${s || 'game'}`;
}

function init() {
  const given = new URLSearchParams(location.search).getAll('expr');
  if (given.length) $('#exprs').value = given.join('\n');
  $('#form').addEventListener('submit', e => {
    e.preventDefault();
    evaluate(true);
  });
  $('#examples').addEventListener('click', e => {
    const b = e.target.closest('button[data-expr]');
    if (!b) return;
    $('#exprs').value = b.dataset.expr;
    evaluate(true);
  });
  $('#export-svg').addEventListener('click', () => {
    const p = $('#thermograph svg');
    if (p) download(`${fileName()}.svg`, svgText(p), 'image/svg+xml');
  });
  $('#export-png').addEventListener('click', async () => {
    const p = $('#thermograph svg');
    if (!p) return;
    try {
      download(`${fileName()}.png`, await svgPNG(p));
    } catch (e) {
      $('#share-status').textContent = e.message;
    }
  });
  evaluate(false);
}

init();
