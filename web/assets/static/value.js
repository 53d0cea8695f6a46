// The value page: a sum of partizan games in CGSuite's notation, described
// by POST /api/value (as nimber value --json --thermograph), and a short
// game's thermograph drawn as SVG by common.js's drawThermograph. A loopy
// game (package loopy) has sides, an outcome class with draws and no
// thermograph; its short-game fields are null.
// With the misère box ticked the games are impartial, in CGSuite's
// notation of misère games, and the answer is their misère canonical form
// (POST /api/value with "misere": true, as nimber value --misere --json).
// The options are links: following one makes it the game shown (the
// explorer), with the path from the first game as a breadcrumb (trail.js)
// that steps back and forward; the URL holds the game (?expr=...) and
// the path (&trail=...&ahead=...), each step a history entry.
import { api, el, $, setError, drawThermograph } from './common.js';
import { pictureDownloads } from './share.js';
import { readTrail, writeTrail, into, jump, breadcrumb } from './trail.js';

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

const MISERE_OUTCOMES = {
  N: 'the player to move wins (misère play: who cannot move wins)',
  P: 'the player to move loses (misère play: who cannot move wins)',
};

// misereFacts is the table of a misère canonical form.
function misereFacts(d) {
  const row = (name, ...value) => el('tr', null, el('th', { scope: 'row' }, name), el('td', null, ...value));
  const written = x => x.startsWith('*[');
  const options = d.options.length
    ? el('ul', { class: 'options', 'aria-label': 'options: follow one to explore it' }, ...d.options.map(x => el('li', null,
      written(x) ? el('a', { class: 'option mono', href: optionURL(x), 'data-expr': x }, x) : el('span', { class: 'muted' }, x))))
    : el('span', { class: 'muted' }, 'none');
  const classes = [['tame', d.tame], ['generally tame', d.generally_tame], ['restive', d.restive], ['restless', d.restless]]
    .filter(c => c[1]).map(c => c[0]);
  return el('table', { class: 'data facts', id: 'facts' }, el('tbody', null,
    row('misère canonical form', el('span', { class: 'mono', id: 'canonical' }, d.canonical)),
    row('misère outcome', el('span', { class: `badge ${d.outcome}`, id: 'outcome' }, d.outcome), ' ', MISERE_OUTCOMES[d.outcome]),
    row('misère nim value', String(d.misere_nim_value)),
    row('nim value', String(d.nim_value)),
    row('genus', el('span', { class: 'mono', id: 'genus' }, d.genus)),
    row('birthday', String(d.birthday)),
    row('class', classes.length ? classes.join(', ')
      : el('span', { class: 'muted' }, 'none of tame, generally tame, restive, restless')),
    row('mate', el('span', { class: 'mono' }, d.mate)),
    row('options', options),
    ...partsRows(d.decomposition, row)));
}

// partsRows are the rows of a misère form's decomposition p (null: a
// button asks for it, POST /api/value with "parts": true).
function partsRows(p, row) {
  if (!p) return [row('parts', el('button', { type: 'button', id: 'find-parts' }, 'Find its parts and partitions'))];
  const yes = b => (b ? 'yes' : 'no');
  const games = xs => (xs.length ? el('span', { class: 'mono' }, xs.join(', ')) : el('span', { class: 'muted' }, 'none'));
  return [
    row('prime, extraverted, introverted', `${yes(p.prime)}, ${yes(p.extraverted)}, ${yes(p.introverted)}`),
    row('parts', el('span', { id: 'parts' }, games(p.parts))),
    row('partitions into primes', el('ul', { class: 'options', id: 'partitions' },
      ...p.partitions.map(q => el('li', { class: 'mono' }, q.length ? q.join(' + ') : '0 (the empty sum)')))),
  ];
}

// facts is the table of what the theory says of the sum.
function facts(d) {
  const row = (name, ...value) => el('tr', null, el('th', { scope: 'row' }, name), el('td', null, ...value));
  const list = (xs, side) => (xs && xs.length
    ? el('ul', { class: 'options', 'aria-label': `${side}'s options: follow one to explore it` }, ...xs.map(x => el('li', null,
      el('a', { class: 'option mono', href: optionURL(x), 'data-expr': x }, x))))
    : el('span', { class: 'muted' }, 'none'));
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
  rows.push(row('Left options', list(d.left_options, 'Left')), row('Right options', list(d.right_options, 'Right')));
  return el('table', { class: 'data facts', id: 'facts' }, el('tbody', null, ...rows));
}

const exprs = () => $('#exprs').value.split('\n').map(s => s.trim()).filter(s => s !== '');
let shown = ''; // the sum of the picture, for file names
let asked = 0; // the number of the latest request: older answers are dropped
let trail = { past: [], here: '', ahead: [] }; // the explorer's path: each game its lines

// urlOf is the page's URL of trail t.
function urlOf(t) {
  const q = new URLSearchParams();
  for (const e of t.here.split('\n')) q.append('expr', e);
  if ($('#misere').checked) q.set('misere', '1');
  writeTrail(q, t);
  return '?' + q.toString();
}

// optionURL is the URL of the explorer stepped into option x.
const optionURL = x => urlOf(into(trail, x));

// explore shows the game of trail t: a new history entry.
function explore(t) {
  trail = t;
  $('#exprs').value = t.here;
  history.pushState(null, '', urlOf(t));
  evaluate(false);
}

// drawTrail draws the breadcrumb, when there is a path.
function drawTrail() {
  const all = trail.past.length + trail.ahead.length;
  $('#trail').replaceChildren(...(all ? [breadcrumb(trail, g => g.split('\n').join(' + '), i => explore(jump(trail, i)))] : []));
}

// evaluate values the games; parts asks a misère form for its
// decomposition too.
async function evaluate(push, parts = false) {
  const es = exprs();
  const n = ++asked;
  setError('error', '');
  if (push) {
    // A game typed starts a new path.
    trail = { past: [], here: es.join('\n'), ahead: [] };
    history.replaceState(null, '', urlOf(trail));
  }
  drawTrail();
  try {
    const misere = $('#misere').checked;
    const d = await api('/api/value', misere ? { exprs: es, misere: true, parts } : { exprs: es });
    if (n !== asked) return;
    shown = es.join(' + ');
    $('#result').replaceChildren(misere ? misereFacts(d) : facts(d));
    const drawn = Boolean(d.thermograph);
    $('#thermograph').replaceChildren(drawn
      ? drawThermograph(d.thermograph, d.canonical)
      : el('p', { class: 'muted' }, misere ? 'An impartial game in misère play: no thermograph.' : 'A loopy game: no thermograph is drawn.'));
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

// fromURL reads the game and the path from the URL.
function fromURL() {
  const q = new URLSearchParams(location.search);
  const given = q.getAll('expr');
  if (given.length) $('#exprs').value = given.join('\n');
  $('#misere').checked = q.get('misere') === '1';
  trail = readTrail(q, exprs().join('\n'));
}

function init() {
  fromURL();
  window.addEventListener('popstate', () => {
    fromURL();
    evaluate(false);
  });
  $('#result').addEventListener('click', e => {
    if (e.target.closest('#find-parts')) {
      e.target.closest('#find-parts').disabled = true;
      evaluate(false, true);
      return;
    }
    const a = e.target.closest('a[data-expr]');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    explore(into(trail, a.dataset.expr));
  });
  $('#form').addEventListener('submit', e => {
    e.preventDefault();
    evaluate(true);
  });
  $('#examples').addEventListener('click', e => {
    const b = e.target.closest('button[data-expr]');
    if (!b) return;
    $('#exprs').value = b.dataset.expr;
    $('#misere').checked = b.dataset.misere === '1';
    evaluate(true);
  });
  pictureDownloads('#thermograph', fileName);
  evaluate(false);
}

init();
