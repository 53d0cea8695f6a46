// Shared helpers of nimber's pages: the JSON API, DOM and SVG builders,
// colours. No dependencies.

export const SVGNS = 'http://www.w3.org/2000/svg';

// api calls the JSON API: GET when body is undefined, else POST (a string is
// sent as text, anything else as JSON). It resolves to the decoded answer and
// rejects with an Error whose message is the server's one-line error (and
// whose status is the HTTP status).
export async function api(path, body, signal) {
  const opt = { method: 'GET', headers: { Accept: 'application/json' }, signal };
  if (body !== undefined) {
    opt.method = 'POST';
    if (typeof body === 'string') {
      opt.body = body;
      opt.headers['Content-Type'] = 'text/plain; charset=utf-8';
    } else {
      opt.body = JSON.stringify(body);
      opt.headers['Content-Type'] = 'application/json';
    }
  }
  const res = await fetch(path, opt);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!res.ok) {
    // The server's message is meant for people; a 5xx says the server failed.
    const msg = data && data.error ? data.error : (text.trim() || res.statusText);
    const err = new Error(res.status >= 500 ? `the server could not answer (${res.status}): ${msg}` : msg);
    err.status = res.status;
    throw err;
  }
  if (data === null && text) throw new Error('the server answered with something that is not JSON');
  return data;
}

// el builds an HTML element: el('td', {class: 'num'}, '3').
export function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : String(k));
  return e;
}

// svg builds an SVG element: svg('rect', {x: 0, y: 0, width: 10}).
export function svg(tag, attrs, ...kids) {
  const e = document.createElementNS(SVGNS, tag);
  setAttrs(e, attrs);
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : String(k));
  return e;
}

function setAttrs(e, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    e.setAttribute(k, v === true ? '' : String(v));
  }
}

// apiOrError calls GET path (api) and resolves to the decoded answer; when
// the call fails it shows the error in the element errorId (setError) and
// resolves to null.
export async function apiOrError(path, errorId) {
  try {
    return await api(path);
  } catch (e) {
    setError(errorId, e.message);
    return null;
  }
}

export const $ = (sel, root = document) => root.querySelector(sel);

// setError shows msg (or clears it) in the element with the given id.
export function setError(id, msg) {
  const e = document.getElementById(id);
  if (e) e.textContent = msg ? String(msg) : '';
}

// palette returns a colour for t in [0, 1] on a perceptually ordered ramp
// (an approximation of viridis by linear interpolation of 6 stops).
const STOPS = [[68, 1, 84], [65, 68, 135], [42, 120, 142], [34, 168, 132], [122, 209, 81], [253, 231, 37]];
export function palette(t) {
  if (!(t >= 0)) t = 0;
  if (t > 1) t = 1;
  const x = t * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const c = STOPS[i].map((a, j) => Math.round(a + (STOPS[i + 1][j] - a) * f));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

// textOn returns black or white, whichever reads better on an rgb() colour.
export function textOn(rgb) {
  const m = /rgb\((\d+),(\d+),(\d+)\)/.exec(rgb);
  if (!m) return '#000';
  const l = 0.299 * m[1] + 0.587 * m[2] + 0.114 * m[3];
  return l > 140 ? '#000' : '#fff';
}

// parseOfficial splits an official input into cases of board rows. It reads
// T, then per case either "R C" or "n" (square boards: BOI 2008) and the rows.
// It is lenient: the server checks the input; this only feeds the editor.
export function parseOfficial(text) {
  const lines = text.replace(/\r/g, '').split('\n').map(s => s.trim()).filter(s => s !== '');
  if (lines.length === 0) throw new Error('the input is empty');
  const t = Number(lines[0]);
  if (!Number.isInteger(t) || t < 1) throw new Error(`line 1: "${lines[0]}" is not a case count`);
  const cases = [];
  let i = 1;
  for (let k = 0; k < t; k++) {
    if (i >= lines.length) throw new Error(`case ${k + 1}: missing (the input holds ${k} case(s))`);
    const dims = lines[i].split(/\s+/).map(Number);
    let rows, cols;
    if (dims.length === 2 && dims.every(Number.isInteger)) [rows, cols] = dims;
    else if (dims.length === 1 && Number.isInteger(dims[0])) rows = cols = dims[0];
    else throw new Error(`case ${k + 1}: "${lines[i]}" is not "R C" or "n"`);
    if (rows < 1 || cols < 1 || rows > 400 || cols > 400) throw new Error(`case ${k + 1}: size ${rows} x ${cols} is out of range for the editor`);
    i++;
    const board = lines.slice(i, i + rows);
    if (board.length < rows) throw new Error(`case ${k + 1}: ${board.length} of ${rows} rows`);
    board.forEach((r, j) => {
      if (r.length !== cols) throw new Error(`case ${k + 1}, row ${j + 1}: ${r.length} characters, want ${cols}`);
    });
    i += rows;
    cases.push(board);
  }
  return cases;
}

// formatOfficial writes boards in the official format; square says whether
// the size line is "n" (BOI 2008) rather than "R C".
export function formatOfficial(boards, square) {
  let s = `${boards.length}\n`;
  for (const b of boards) {
    s += square ? `${b.length}\n` : `${b.length} ${b[0].length}\n`;
    s += b.join('\n') + '\n';
  }
  return s;
}

// Thermographs.

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

// fmtTick writes a tick's number: halves and quarters as fractions.
function fmtTick(x) {
  if (Number.isInteger(x)) return x < 0 ? `−${-x}` : String(x);
  for (const d of [2, 4, 8, 16]) {
    const n = x * d;
    if (Number.isInteger(n)) return `${n < 0 ? '−' : ''}${Math.abs(n)}/${d}`;
  }
  return x.toFixed(2).replace('-', '−');
}

// drawThermograph returns the thermograph th (walls as data, as the API
// gives them) of the game called title as an <svg>: t upward, values with
// Left's side (positive) on the left, as in Winning Ways and Lessons in
// Play, the mean and the temperature marked. id prefixes the ids of its
// title and description, unique on the page.
export function drawThermograph(th, title, id = 'thermo') {
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
  // At least 320 px of values, so that the axis' words fit under a cold
  // game's narrow picture.
  const short = 320 / unit - (vmax - vmin);
  if (short > 0) {
    vmax += short / 2;
    vmin -= short / 2;
  }
  const m = { l: 52, r: 16, t: 34, b: 52 };
  const W = Math.round(m.l + m.r + unit * (vmax - vmin));
  const H = Math.round(m.t + m.b + unit * (hi - lo));
  const X = v => m.l + (vmax - v) * unit; // positive to the left
  const Y = t => m.t + (hi - t) * unit;
  const path = pts => pts.map(([t, v], i) => `${i ? 'L' : 'M'}${X(v).toFixed(1)},${Y(t).toFixed(1)}`).join(' ');

  const root = svg('svg', { class: 'thermo', width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-labelledby': `${id}-title ${id}-desc` },
    svg('title', { id: `${id}-title` }, `Thermograph of ${title}`),
    svg('desc', { id: `${id}-desc` }, `Mean ${th.mean}, temperature ${th.temperature}. Left wall from ${fmtTick(wallAt(th.left, Math.max(lo, 0)))}, right wall from ${fmtTick(wallAt(th.right, Math.max(lo, 0)))} at t = ${Math.max(lo, 0)}.`));
  const g = svg('g', {});
  root.append(g);
  // Grid and ticks.
  const vs = step(vmax - vmin, Math.max(3, Math.min(8, Math.floor(unit * (vmax - vmin) / 60))));
  for (let v = Math.ceil(vmin / vs) * vs; v <= vmax; v += vs) {
    g.append(svg('line', { class: 'grid', x1: X(v), y1: Y(hi), x2: X(v), y2: Y(lo) }));
    if (!huge) g.append(svg('text', { x: X(v), y: Y(lo) + 16, 'text-anchor': 'middle' }, fmtTick(v)));
  }
  const ts = step(hi - lo, 7);
  for (let t = Math.ceil(lo / ts) * ts; t <= hi + 1e-9; t += ts) {
    g.append(svg('line', { class: 'grid', x1: X(vmax), y1: Y(t), x2: X(vmin), y2: Y(t) }));
    g.append(svg('text', { x: m.l - 6, y: Y(t) + 4, 'text-anchor': 'end' }, fmtTick(t)));
  }
  if (lo < 0) g.append(svg('line', { class: 'zero', x1: X(vmax), y1: Y(0), x2: X(vmin), y2: Y(0) }));
  g.append(svg('line', { class: 'axis', x1: X(vmax), y1: Y(lo), x2: X(vmin), y2: Y(lo) }));
  g.append(svg('line', { class: 'axis', x1: X(vmax), y1: Y(lo), x2: X(vmax), y2: Y(hi) }));
  g.append(svg('text', { x: (X(vmax) + X(vmin)) / 2, y: H - 10, 'text-anchor': 'middle' }, huge ? `value, ticks every ${fmtTick(vs)} (← Left, positive · Right, negative →)` : 'value (← Left, positive · Right, negative →)'));
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

// familyOf reports whether name may be a game of the family of entry e
// (of GET /api/games): the server decides; the pages only keep names of
// the family's form.
export function familyOf(e, name) {
  if (e.name === 'CODE') return /^[0-9.]+$|^grundy$|^nim$/.test(name) || /^[0-9a-f.]+$/i.test(name);
  const head = e.name.split(':')[0];
  return name === head || name.startsWith(head + ':');
}

// playName is the name an entry is played by: a family's example member.
export const playName = e => (e.family ? e.example : e.name);
