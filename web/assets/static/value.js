// The value page: a sum of short partizan games in CGSuite's notation,
// described by POST /api/value (as nimber value --json --thermograph), and
// its thermograph drawn as SVG: t upward, values with Left's side
// (positive) on the left, as in Winning Ways and Lessons in Play.
import { api, el, svg, $, setError } from './common.js';
import { download, svgText, svgPNG } from './share.js';

const OUTCOMES = {
  L: 'Left wins whoever starts',
  R: 'Right wins whoever starts',
  P: 'the second player wins',
  N: 'the first player wins',
};

// num reads a dyadic rational as CGSuite writes it ("-3/2") as a number.
export function num(s) {
  const [p, q] = String(s).split('/');
  return q === undefined ? Number(p) : Number(p) / Number(q);
}

// wallAt is the value of a wall (segments sorted by "from") at t.
export function wallAt(segs, t) {
  let s = segs[0];
  for (const x of segs) if (num(x.from) <= t) s = x;
  return num(s.value) + s.slope * (t - num(s.from));
}

// wallPoints are the corners of a wall from t = lo to t = hi.
function wallPoints(segs, lo, hi) {
  const ts = [lo, ...segs.map(s => num(s.from)).filter(t => t > lo && t < hi), hi];
  return ts.map(t => [t, wallAt(segs, t)]);
}

// step is a round spacing of ticks for a range: 1/4, 1/2, 1, 2, 5, 10, ...
function step(range, most) {
  for (const s of [0.25, 0.5]) if (range / s <= most) return s;
  for (let p = 1; ; p *= 10) for (const m of [1, 2, 5]) if (range / (m * p) <= most) return m * p;
}

// fmt writes a tick's number: halves and quarters as fractions.
function fmt(x) {
  if (Number.isInteger(x)) return x < 0 ? `−${-x}` : String(x);
  for (const d of [2, 4, 8, 16]) {
    const n = x * d;
    if (Number.isInteger(n)) return `${n < 0 ? '−' : ''}${Math.abs(n)}/${d}`;
  }
  return x.toFixed(2).replace('-', '−');
}

// drawThermograph returns the thermograph th as an <svg>.
export function drawThermograph(th, title) {
  const T = num(th.temperature);
  const mean = num(th.mean);
  const lo = T < 0 ? -1 : 0;
  const hi = Math.max(T, 0) + Math.max(1, Math.max(T, 0) / 3);
  const left = wallPoints(th.left, lo, hi);
  const right = wallPoints(th.right, lo, hi);
  const vals = [...left, ...right].map(p => p[1]);
  let vmax = Math.max(...vals, mean);
  let vmin = Math.min(...vals, mean);
  const pad = Math.max((vmax - vmin) * 0.08, 0.5);
  vmax += pad;
  vmin -= pad;
  // At least as wide as 1.5 times the height, centred, so that a cold
  // game's mast stands in a readable picture.
  const wide = 1.5 * (hi - lo) - (vmax - vmin);
  if (wide > 0) {
    vmax += wide / 2;
    vmin -= wide / 2;
  }
  // Values too long to write under every tick are written at the mean only.
  const huge = Math.max(Math.abs(vmax), Math.abs(vmin)) >= 1e5;
  // One unit of t is one unit of value, so that the walls' slopes are
  // 45 degrees; the picture fits in about 520 x 380 px.
  const unit = Math.min(520 / (vmax - vmin), 340 / (hi - lo), 120);
  const m = { l: 52, r: 16, t: 34, b: 52 };
  const W = Math.round(m.l + m.r + unit * (vmax - vmin));
  const H = Math.round(m.t + m.b + unit * (hi - lo));
  const X = v => m.l + (vmax - v) * unit; // positive to the left
  const Y = t => m.t + (hi - t) * unit;
  const path = pts => pts.map(([t, v], i) => `${i ? 'L' : 'M'}${X(v).toFixed(1)},${Y(t).toFixed(1)}`).join(' ');

  const root = svg('svg', { class: 'thermo', width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': 'thermo-title thermo-desc' },
    svg('title', { id: 'thermo-title' }, `Thermograph of ${title}`),
    svg('desc', { id: 'thermo-desc' }, `Mean ${th.mean}, temperature ${th.temperature}. Left wall from ${fmt(wallAt(th.left, Math.max(lo, 0)))}, right wall from ${fmt(wallAt(th.right, Math.max(lo, 0)))} at t = ${Math.max(lo, 0)}.`));
  const g = svg('g', {});
  root.append(g);
  // Grid and ticks.
  const vs = step(vmax - vmin, Math.max(3, Math.min(8, Math.floor(unit * (vmax - vmin) / 60))));
  for (let v = Math.ceil(vmin / vs) * vs; v <= vmax; v += vs) {
    g.append(svg('line', { class: 'grid', x1: X(v), y1: Y(hi), x2: X(v), y2: Y(lo) }));
    if (!huge) g.append(svg('text', { x: X(v), y: Y(lo) + 16, 'text-anchor': 'middle' }, fmt(v)));
  }
  const ts = step(hi - lo, 7);
  for (let t = Math.ceil(lo / ts) * ts; t <= hi + 1e-9; t += ts) {
    g.append(svg('line', { class: 'grid', x1: X(vmax), y1: Y(t), x2: X(vmin), y2: Y(t) }));
    g.append(svg('text', { x: m.l - 6, y: Y(t) + 4, 'text-anchor': 'end' }, fmt(t)));
  }
  if (lo < 0) g.append(svg('line', { class: 'zero', x1: X(vmax), y1: Y(0), x2: X(vmin), y2: Y(0) }));
  g.append(svg('line', { class: 'axis', x1: X(vmax), y1: Y(lo), x2: X(vmin), y2: Y(lo) }));
  g.append(svg('line', { class: 'axis', x1: X(vmax), y1: Y(lo), x2: X(vmax), y2: Y(hi) }));
  g.append(svg('text', { x: (X(vmax) + X(vmin)) / 2, y: H - 10, 'text-anchor': 'middle' }, huge ? `value, ticks every ${fmt(vs)} (← Left, positive · Right, negative →)` : 'value (← Left, positive · Right, negative →)'));
  g.append(svg('text', { x: 14, y: Y((lo + hi) / 2), 'text-anchor': 'middle', transform: `rotate(-90 14 ${Y((lo + hi) / 2)})` }, 'temperature t'));
  // The temperature and the mean.
  g.append(svg('line', { class: 'mark temperature', x1: X(vmax), y1: Y(T), x2: X(vmin), y2: Y(T) }));
  g.append(svg('text', { class: 'mark-label', x: X(vmin) - 4, y: Y(T) - 5, 'text-anchor': 'end' }, `temperature ${th.temperature}`));
  g.append(svg('line', { class: 'mark mean', x1: X(mean), y1: Y(lo), x2: X(mean), y2: Y(T) }));
  g.append(svg('text', { class: 'mark-label', x: X(mean), y: m.t - 8, 'text-anchor': 'middle' }, `mean ${th.mean}`));
  // The walls below the temperature, and the mast above it.
  const below = pts => pts.filter(([t]) => t <= T + 1e-9);
  const cut = Math.max(T, lo);
  g.append(svg('path', { class: 'wall-left', d: path([...below(left), [cut, wallAt(th.left, cut)]]) }));
  g.append(svg('path', { class: 'wall-right', d: path([...below(right), [cut, wallAt(th.right, cut)]]) }));
  g.append(svg('line', { class: 'mast', x1: X(mean), y1: Y(cut), x2: X(mean), y2: Y(hi) }));
  return root;
}

// facts is the table of what the theory says of the sum.
function facts(d) {
  const row = (name, ...value) => el('tr', null, el('th', { scope: 'row' }, name), el('td', null, ...value));
  const list = xs => (xs.length ? el('span', { class: 'mono' }, xs.join(', ')) : el('span', { class: 'muted' }, 'none'));
  return el('table', { class: 'data facts', id: 'facts' },
    el('tbody', null,
      row('canonical form', el('span', { class: 'mono', id: 'canonical' }, d.canonical)),
      row('outcome', el('span', { class: `badge ${d.outcome}`, id: 'outcome' }, d.outcome), ' ', OUTCOMES[d.outcome]),
      row('stops', `left ${d.left_stop}, right ${d.right_stop}`),
      row('mean', d.mean),
      row('temperature', d.temperature),
      row('birthday', String(d.birthday)),
      row('atomic weight', d.atomic_weight === null ? el('span', { class: 'muted' }, 'not atomic') : el('span', { class: 'mono' }, d.atomic_weight)),
      row('Left options', list(d.left_options)),
      row('Right options', list(d.right_options))));
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
    $('#thermograph').replaceChildren(drawThermograph(d.thermograph, d.canonical));
    $('#export-svg').disabled = false;
    $('#export-png').disabled = false;
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
