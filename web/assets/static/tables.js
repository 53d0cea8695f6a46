// The tables page: knight tables as SVG heatmaps (GET /api/table/knights),
// tables of canonical forms of partizan families (GET
// /api/table/{game}?function=canonical), Domineering's published records
// (GET /api/records/domineering) and nim-sequence plots (GET
// /api/sequence), each downloadable as CSV and JSON, the pictures as SVG
// and PNG. /tables?code=CODE&to=N opens the plot of a code,
// ?family-game=GAME&family=NAME&family-to=N the table of a family.
import { api, apiOrError, el, svg, $, setError, palette, textOn } from './common.js';
import { download, csv, saveSVG, savePNG } from './share.js';

const SPECIAL = { SL: '#b3262e', SW: '#3aa7d8' };

const HELP = {
  'grundy': 'Sprague–Grundy value: the mex of the options\' values; 0 exactly at P-positions. Decides disjunctive sums (one, long, normal) by XOR, and selective compounds.',
  'grundy-misere': 'Misère Grundy value: 1 at the end, then the mex of the options.',
  'remoteness': 'Remoteness: how long the winner can make the game last (normal play); decides the conjunctive compound (all, short): the player to move wins when the least remoteness is odd.',
  'remoteness-misere': 'Misère remoteness; decides the conjunctive compound under misère play.',
  'suspense': 'Suspense: the winner plays to finish late, the loser to finish early; decides the continued conjunctive compound (all, long) when the largest is odd.',
  'suspense-misere': 'Misère suspense; decides the continued conjunctive compound under misère play.',
  'w': 'w-number (foreclosed Grundy number): SL (sure loss) when the game has ended, SW (sure win) when some option has ended, else the mex of the non-SW options. Decides the diminished disjunctive and shortened selective compounds.',
  'w-misere': 'Misère w-number: SW when the game has ended, else the mex of the options\' values, skipping SW.',
};

function esc(s) {
  return String(s).replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// ---- knight heatmaps ----

let table = null; // the last answer
let tcursor = { r: 0, c: 0 };

async function drawTable(e) {
  if (e) e.preventDefault();
  setError('table-error', '');
  const size = Number($('#size').value), fn = $('#function').value;
  $('#fn-help').textContent = HELP[fn] || '';
  try {
    table = await api(`/api/table/knights?size=${encodeURIComponent(size)}&function=${encodeURIComponent(fn)}`);
  } catch (err) {
    table = null; // no stale table next to the error
    $('#heatmap').textContent = '';
    $('#table-legend').textContent = '';
    setError('table-error', err.message);
    return;
  }
  renderTable();
}

function colourer(t) {
  let lo = Infinity, hi = -Infinity;
  const special = new Set();
  t.numbers.forEach((row, r) => row.forEach((v, c) => {
    const lab = t.labels[r][c];
    if (SPECIAL[lab]) { special.add(lab); return; }
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }));
  const colour = (v, lab) => {
    if (SPECIAL[lab]) return SPECIAL[lab];
    return palette(hi > lo ? (v - lo) / (hi - lo) : 0.5);
  };
  return { lo, hi, special, colour };
}

function renderTable() {
  const t = table, n = t.numbers.length;
  const { lo, hi, special, colour } = colourer(t);
  const s = Math.max(3, Math.min(44, Math.floor(640 / n)));
  const labels = s >= 14 && n <= 100;
  const off = labels ? 24 : 2;
  const W = off + n * s + 2;
  const text = $('#show-values').checked && s >= 16;
  const titles = n * n <= 10000;
  const fs = Math.min(13, Math.round(s * 0.45));
  // Built as markup: tens of thousands of cells draw faster this way.
  const parts = [];
  if (labels) {
    const every = n > 20 ? 5 : 1;
    for (let i = 0; i < n; i++) {
      if (i > 0 && (i + 1) % every !== 0) continue;
      parts.push(`<text x="${off + i * s + s / 2}" y="${off - 8}" text-anchor="middle" font-size="11">${i + 1}</text>`);
      parts.push(`<text x="${off - 5}" y="${off + i * s + s / 2 + 4}" text-anchor="end" font-size="11">${i + 1}</text>`);
    }
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const lab = t.labels[r][c], fill = colour(t.numbers[r][c], lab);
      const x = off + c * s, y = off + r * s;
      parts.push(`<rect class="cell" x="${x}" y="${y}" width="${s}" height="${s}" fill="${fill}" data-r="${r}" data-c="${c}">` +
        (titles ? `<title>row ${r + 1}, column ${c + 1}: ${esc(lab)}</title>` : '') + '</rect>');
      if (text) parts.push(`<text x="${x + s / 2}" y="${y + s / 2 + fs * 0.36}" text-anchor="middle" font-size="${fs}" fill="${textOn(fill.startsWith('rgb') ? fill : 'rgb(0,0,0)')}">${esc(lab)}</text>`);
    }
  }
  const host = $('#heatmap');
  host.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" class="board heat${s < 8 ? ' fine' : ''}" width="${W}" height="${W}" viewBox="0 0 ${W} ${W}" ` +
    `tabindex="0" role="img" aria-label="${esc(t.function)} of every square of a ${n} x ${n} knight board; arrow keys move a cursor" ` +
    `data-size="${n}" data-off="${off}" data-s="${s}">${parts.join('')}</svg>`;
  tcursor = { r: Math.min(tcursor.r, n - 1), c: Math.min(tcursor.c, n - 1) };

  const lg = $('#table-legend');
  lg.textContent = '';
  const values = new Map();
  t.numbers.forEach((row, r) => row.forEach((v, c) => values.set(t.labels[r][c], v)));
  const numeric = [...values.entries()].filter(([lab]) => !SPECIAL[lab]).sort((a, b) => a[1] - b[1]);
  if (numeric.length <= 32) {
    for (const [lab, v] of numeric) lg.append(swatch(colour(v, lab), lab));
  } else {
    const bar = el('span', { class: 'sw' });
    bar.style.width = '10em';
    bar.style.background = `linear-gradient(to right, ${[0, .2, .4, .6, .8, 1].map(palette).join(',')})`;
    lg.append(el('span', null, `${lo} `, bar, ` ${hi}`));
  }
  for (const lab of special) lg.append(swatch(SPECIAL[lab], lab === 'SL' ? 'SL (sure loss)' : 'SW (sure win)'));
}

function swatch(fill, text) {
  const sw = el('span', { class: 'sw' });
  sw.style.background = fill;
  return el('span', null, sw, text);
}

function tipFor(r, c) {
  if (!table || !table.labels[r]) return;
  $('#table-tip').textContent = `row ${r + 1}, column ${c + 1}: ${table.function} = ${table.labels[r][c]}`;
}

function heatHover(e) {
  const t = e.target.closest('rect.cell');
  if (t) tipFor(Number(t.dataset.r), Number(t.dataset.c));
}

function heatKey(e) {
  const root = $('#heatmap svg');
  if (!root || !table) return;
  const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
  if (!d) return;
  e.preventDefault();
  const n = table.numbers.length;
  tcursor = { r: Math.max(0, Math.min(n - 1, tcursor.r + d[0])), c: Math.max(0, Math.min(n - 1, tcursor.c + d[1])) };
  const off = Number(root.dataset.off), s = Number(root.dataset.s);
  let k = root.querySelector('.cursor');
  if (!k) { k = svg('rect', { class: 'cursor' }); root.append(k); }
  k.setAttribute('x', off + tcursor.c * s);
  k.setAttribute('y', off + tcursor.r * s);
  k.setAttribute('width', s);
  k.setAttribute('height', s);
  tipFor(tcursor.r, tcursor.c);
}

// keepURL sets the parameters of kv in the page's URL, keeping the others
// (the sequence's and the family's tables keep their state side by side).
function keepURL(kv) {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(kv)) q.set(k, v);
  history.replaceState(null, '', '?' + q.toString());
}

// ---- partizan families ----

let famGames = []; // the entries of /api/games with families
let fam = null; // the last table of canonical forms
let famAsked = 0; // the number of the latest request: older answers are dropped

// famExample turns a family's name into one to ask for: a K (a number the
// family leaves open, as Domineering's KxN) becomes 2.
const famExample = name => name.replace(/K/g, '2');

// famMatches reports whether text is the family f, K standing for any
// number.
function famMatches(f, text) {
  const re = '^' + f.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/K/g, '\\d+') + '$';
  return new RegExp(re, 'i').test(text);
}

function famEntry() {
  return famGames.find(g => g.name === $('#family-game').value);
}

// fillFamilies lists the chosen game's families and selects the one the
// text box names, if any.
function fillFamilies() {
  const e = famEntry();
  const pick = $('#family-pick');
  pick.replaceChildren(...(e ? e.families : []).map(f => el('option', { value: f.name }, f.name)));
  syncPick();
}

function syncPick() {
  const e = famEntry();
  if (!e) return;
  const text = $('#family').value.trim();
  const f = e.families.find(f => famMatches(f, text)) || e.families.find(f => f.name === $('#family-pick').value) || e.families[0];
  $('#family-pick').value = f.name;
  $('#family-about').textContent = `${f.name}: ${f.about}.`;
}

async function drawFamily(ev) {
  if (ev) ev.preventDefault();
  const game = $('#family-game').value, family = $('#family').value.trim(), to = Number($('#family-to').value);
  const n = ++famAsked;
  setError('family-error', '');
  syncPick();
  $('#family-status').textContent = `Valuing members 1 to ${to} of ${family}…`;
  let t;
  try {
    t = await api(`/api/table/${encodeURIComponent(game)}?function=canonical&family=${encodeURIComponent(family)}&to=${encodeURIComponent(to)}`);
  } catch (err) {
    if (n !== famAsked) return;
    fam = null; // no stale table next to the error
    $('#family-table').hidden = true;
    $('#family-table tbody').replaceChildren();
    $('#family-status').textContent = '';
    setError('family-error', err.message);
    return;
  }
  if (n !== famAsked) return;
  fam = t;
  keepURL({ 'family-game': game, family, 'family-to': to });
  renderFamily();
}

function renderFamily() {
  const t = fam;
  const rows = t.rows.map(r => {
    const play = new URLSearchParams({ game: t.game, position: r.position });
    const value = new URLSearchParams({ expr: r.canonical });
    return el('tr', null,
      el('td', { class: 'num' }, r.n),
      el('td', { class: 'mono' }, el('a', { href: '/partizan?' + play.toString(), title: `play ${r.position} on the partizan page` }, r.position)),
      el('td', { class: 'mono' }, el('a', { href: '/value?' + value.toString(), title: `the value ${r.canonical} on the values page` }, r.canonical)),
      el('td', null, r.outcome));
  });
  $('#family-table tbody').replaceChildren(...rows);
  $('#family-table caption').textContent = `${t.game}, family ${t.family}, n = 1 to ${t.rows.length}`;
  $('#family-table').hidden = false;
  $('#family-status').textContent = `${t.rows.length} members of ${t.family} (${t.game}) valued.`;
}

const famName = () => (fam ? `nimber-${fam.game}-${fam.family.replace(/[^A-Za-z0-9._-]+/g, '_')}-${fam.rows.length}` : 'nimber-family');

// famCSV writes the table as CSV: n, position, canonical form, outcome.
function famCSV() {
  if (!fam) return;
  const rows = [['n', 'position', 'canonical', 'outcome']];
  for (const r of fam.rows) rows.push([r.n, r.position, r.canonical, r.outcome]);
  download(`${famName()}.csv`, csv(rows), 'text/csv');
}

// initFamilies lists the games with families (GET /api/games), reads the
// family's state from the URL and draws its table.
async function initFamilies() {
  try {
    famGames = (await api('/api/games')).filter(g => g.families && g.families.length);
  } catch (err) {
    setError('family-error', err.message);
    return;
  }
  const sel = $('#family-game');
  sel.replaceChildren(...famGames.map(g => el('option', { value: g.name }, g.name)));
  const q = new URLSearchParams(location.search);
  const game = q.get('family-game');
  if (game && famGames.some(g => g.name === game)) sel.value = game;
  else if (famGames.some(g => g.name === 'domineering')) sel.value = 'domineering';
  if (q.get('family') !== null) $('#family').value = q.get('family');
  else if (famEntry()) $('#family').value = famExample(famEntry().families[0].name);
  if (q.get('family-to')) $('#family-to').value = q.get('family-to');
  fillFamilies();
  if (famEntry()) drawFamily();
}

// ---- nim-sequences ----

const PW = 1000, PH = 320, ML = 44, MR = 14, MT = 22, MB = 34;
let seq = null;

async function drawSequence(e) {
  if (e) e.preventDefault();
  setError('seq-error', '');
  const code = $('#code').value.trim(), to = Number($('#to').value);
  $('#seq-summary').textContent = `Computing G(0..${to - 1}) of ${code}…`;
  try {
    seq = await api(`/api/sequence?code=${encodeURIComponent(code)}&to=${encodeURIComponent(to)}`);
  } catch (err) {
    seq = null; // no stale plot next to the error
    $('#plot').textContent = '';
    $('#seq-values').textContent = '';
    $('#seq-tip').textContent = '';
    setError('seq-error', err.message);
    $('#seq-summary').textContent = '';
    return;
  }
  keepURL({ code, to });
  renderSequence();
}

function niceStep(span, target) {
  const raw = span / target;
  const p = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-9))));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return Math.max(1, m * p);
  return Math.max(1, 10 * p);
}

function renderSequence() {
  const v = seq.values || [];
  const N = v.length;
  const largest = seq.largest_value !== undefined ? seq.largest_value : Math.max(0, ...v.slice(0, 100000));
  const ymax = Math.max(1, largest);
  const iw = PW - ML - MR, ih = PH - MT - MB;
  const X = n => ML + (N > 1 ? (n / (N - 1)) * iw : iw / 2);
  const Y = g => MT + ih - (g / ymax) * ih;
  const root = svg('svg', { class: 'plot', width: PW, height: PH, viewBox: `0 0 ${PW} ${PH}`, role: 'img',
    'aria-label': `G(n) of ${seq.canonical || seq.code} for n = 0 to ${N - 1}` });

  const p = seq.period, n0 = seq.preperiod;
  const hasPeriod = p > 0 && n0 !== undefined && n0 !== null && n0 + p <= N;
  if (hasPeriod) {
    if (n0 > 0) root.append(svg('rect', { class: 'pre', x: X(0), y: MT, width: Math.max(1, X(n0) - X(0)), height: ih }));
    const end = Math.min(N - 1, n0 + p);
    root.append(svg('rect', { class: 'per', x: X(n0), y: MT, width: Math.max(1.5, X(end) - X(n0)), height: ih }));
  }
  // grid and axes
  const ys = niceStep(ymax, 6);
  for (let g = 0; g <= ymax; g += ys) {
    root.append(svg('line', { class: 'grid', x1: ML, x2: ML + iw, y1: Y(g), y2: Y(g) }));
    root.append(svg('text', { x: ML - 6, y: Y(g) + 4, 'text-anchor': 'end' }, g));
  }
  const xs = niceStep(Math.max(1, N - 1), 10);
  for (let n = 0; n < N; n += xs) {
    root.append(svg('line', { class: 'axis', x1: X(n), x2: X(n), y1: MT + ih, y2: MT + ih + 4 }));
    root.append(svg('text', { x: X(n), y: MT + ih + 16, 'text-anchor': 'middle' }, n));
  }
  root.append(svg('line', { class: 'axis', x1: ML, x2: ML + iw, y1: MT + ih, y2: MT + ih }));
  root.append(svg('line', { class: 'axis', x1: ML, x2: ML, y1: MT, y2: MT + ih }));
  root.append(svg('text', { x: ML + iw / 2, y: PH - 3, 'text-anchor': 'middle' }, 'n (heap size)'));
  root.append(svg('text', { x: 12, y: MT + ih / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${MT + ih / 2})` }, 'G(n)'));

  // the values: dots when they fit, else one min-max segment per pixel column
  let d = '';
  if (N <= iw * 1.5) {
    const r = N <= 300 ? 2 : 1.2;
    for (let n = 0; n < N; n++) d += `M${(X(n) - r).toFixed(1)} ${(Y(v[n]) - r).toFixed(1)}h${2 * r}v${2 * r}h${-2 * r}z`;
    root.append(svg('path', { class: 'pts', d }));
  } else {
    const cols = Math.floor(iw);
    const lo = new Array(cols).fill(Infinity), hi = new Array(cols).fill(-Infinity);
    for (let n = 0; n < N; n++) {
      const k = Math.min(cols - 1, Math.floor((n / N) * cols));
      if (v[n] < lo[k]) lo[k] = v[n];
      if (v[n] > hi[k]) hi[k] = v[n];
    }
    for (let k = 0; k < cols; k++) {
      if (lo[k] === Infinity) continue;
      const x = ML + k + 0.5;
      d += `M${x} ${(Y(hi[k]) - 0.5).toFixed(1)}V${(Y(lo[k]) + 0.5).toFixed(1)}`;
    }
    root.append(svg('path', { class: 'env', d }));
  }
  if (hasPeriod) {
    root.append(svg('line', { class: 'mark', x1: X(n0), x2: X(n0), y1: MT, y2: MT + ih }));
    root.append(svg('text', { x: X(n0) + 4, y: MT + 11 }, `n0 = ${n0}`));
    const px = X(Math.min(N - 1, n0 + p));
    root.append(svg('line', { class: 'mark', x1: px, x2: px, y1: MT, y2: MT + ih }));
    root.append(svg('text', { x: px + 4, y: MT + 24 }, `n0 + p = ${n0 + p}`));
  }
  const hover = svg('line', { class: 'hover', x1: -10, x2: -10, y1: MT, y2: MT + ih });
  root.append(hover);
  root.append(svg('rect', { x: ML, y: MT, width: iw, height: ih, fill: 'transparent', class: 'hit' }));
  root.addEventListener('mousemove', ev => {
    const b = root.getBoundingClientRect();
    const x = (ev.clientX - b.left) * (PW / b.width);
    if (x < ML || x > ML + iw || N === 0) return;
    const n = Math.max(0, Math.min(N - 1, Math.round(((x - ML) / iw) * (N - 1))));
    hover.setAttribute('x1', X(n));
    hover.setAttribute('x2', X(n));
    let where = '';
    if (hasPeriod) where = n < n0 ? ' (preperiod)' : ` (period position ${(n - n0) % p})`;
    $('#seq-tip').textContent = `G(${n}) = ${v[n]}${where}`;
  });
  $('#plot').replaceChildren(root);

  // summary
  const name = seq.canonical && seq.canonical !== seq.code ? `${seq.code} (${seq.canonical})` : (seq.code || '');
  let s = `${name}: G(0..${N - 1}), largest value ${largest}. `;
  if (p > 0 && seq.saltus) s += `Arithmetic period ${p} with saltus ${seq.saltus} (G(n+${p}) = G(n) + ${seq.saltus}) from n = ${n0}, not proven.`;
  else if (p > 0) s += `Period ${p} from n = ${n0}, ${seq.proven ? 'proven (Guy–Smith)' : 'not proven within the computed values'}.`;
  else s += 'No period found within the computed values.';
  const extra = [];
  if (seq.values_needed_for_proof) extra.push(`the first ${seq.values_needed_for_proof} values suffice for the proof`);
  if (seq.rare_heaps !== undefined && seq.mask) {
    // The sparse-space engine's split: values whose bits under the mask
    // have an even count are rare.
    const last = seq.last_rare_heap >= 0 ? `, the last at n = ${seq.last_rare_heap}` : '';
    extra.push(`${seq.rare_heaps} heaps have a rare value (an even number of ones among the value's bits ${bitsOf(seq.mask)})${last}`);
  }
  if (seq.last_exceptional >= 0) extra.push(`the last value off the period is G(${seq.last_exceptional})`);
  if (extra.length) s += ` (${extra.join('; ')})`;
  $('#seq-summary').textContent = s;
  $('#seq-tip').textContent = 'Hover over the plot to read G(n).';
  const lines = [];
  const shown = Math.min(N, 5000);
  for (let n = 0; n < shown; n += 20) lines.push(`${String(n).padStart(6)}: ${v.slice(n, Math.min(n + 20, shown)).join(' ')}`);
  if (shown < N) lines.push(`… ${N - shown} more`);
  $('#seq-values').textContent = lines.join('\n');
}

// bitsOf names the bits of a mask: 9 is "1 and 8".
function bitsOf(mask) {
  const b = [];
  for (let k = 1; k <= mask; k *= 2) if (mask & k) b.push(k);
  return b.length > 1 ? `${b.slice(0, -1).join(', ')} and ${b[b.length - 1]}` : String(b[0]);
}

// ---- downloads ----

const tableName = () => (table ? `nimber-knights-${table.size}-${table.function}` : 'nimber-knights');
const seqName = () => (seq ? `nimber-${String(seq.canonical || seq.code).replace(/[^A-Za-z0-9._-]+/g, '_')}-${(seq.values || []).length}` : 'nimber-sequence');

// tableCSV writes the table as CSV: a header of column numbers, then a row
// per board row, its number first (1-based, as the page shows them).
function tableCSV() {
  if (!table) return;
  const rows = [['row', ...table.labels[0].map((_, c) => c + 1)]];
  table.labels.forEach((r, i) => rows.push([i + 1, ...r]));
  download(`${tableName()}.csv`, csv(rows), 'text/csv');
}

function seqCSV() {
  if (!seq) return;
  const rows = [['n', 'G(n)']];
  (seq.values || []).forEach((v, n) => rows.push([n, v]));
  download(`${seqName()}.csv`, csv(rows), 'text/csv');
}

// ---- Domineering records ----

let records = null; // the answer of /api/records/domineering

const READ = { check: 'check', abstract: 'abstract', unread: 'unread: not verified' };

// drawRecords shows the published records: a row a board, the sources
// below.
async function drawRecords() {
  records = await apiOrError('/api/records/domineering', 'records-error');
  if (!records) return;
  const cite = new Map(records.sources.map(s => [s.key, s]));
  const rows = records.records.map(r => el('tr', { class: r.evidence === 'unread' ? 'unread' : null },
    el('td', { class: 'num' }, `${r.rows} × ${r.cols}`),
    el('td', null, el('span', { class: `badge ${r.outcome.length === 1 ? r.outcome : ''}` }, r.outcome)),
    el('td', null, r.left_first || '—'),
    el('td', null, r.right_first || '—'),
    el('td', null, el('abbr', { title: cite.get(r.source)?.citation || '' }, r.source)),
    el('td', null, READ[r.evidence] || r.evidence),
    el('td', { class: 'num' }, r.positions === null ? '—' : r.positions.toLocaleString('en-US')),
    el('td', { class: 'num' }, r.seconds === null ? '—' : String(r.seconds)),
    el('td', null, r.machine || '—')));
  $('#records-table tbody').replaceChildren(...rows);
  const measured = records.records.filter(r => r.positions !== null).length;
  $('#records-table caption').textContent = `${records.records.length} boards of ${records.game}, ${measured} measured by nimber`;
  $('#records-table').hidden = false;
  $('#records-sources').replaceChildren(...records.sources.map(s => el('li', { id: `source-${s.key}` },
    el('strong', null, s.key), ': ', s.url ? el('a', { href: s.url, rel: 'noopener' }, s.citation) : s.citation, '. Read here: ', s.read, '.')));
  $('#records-status').textContent = `${records.records.length} published records.`;
}

// recordsCSV writes the records as CSV, the columns of records.tsv.
function recordsCSV() {
  if (!records) return;
  const rows = [['rows', 'cols', 'left_first', 'right_first', 'class', 'source', 'evidence', 'positions', 'seconds', 'machine']];
  for (const r of records.records) {
    rows.push([r.rows, r.cols, r.left_first, r.right_first, r.outcome, r.source, r.evidence, r.positions ?? '', r.seconds ?? '', r.machine]);
  }
  download('nimber-domineering-records.csv', csv(rows), 'text/csv');
}

// ---- wiring ----

$('#table-svg').addEventListener('click', () => saveSVG('#heatmap', tableName()));
$('#table-png').addEventListener('click', () => savePNG('#heatmap', tableName(), msg => setError('table-error', msg)));
$('#table-csv').addEventListener('click', tableCSV);
$('#table-json').addEventListener('click', () => { if (table) download(`${tableName()}.json`, JSON.stringify(table, null, 1) + '\n', 'application/json'); });
$('#seq-svg').addEventListener('click', () => saveSVG('#plot', seqName()));
$('#seq-png').addEventListener('click', () => savePNG('#plot', seqName(), msg => setError('seq-error', msg)));
$('#seq-csv').addEventListener('click', seqCSV);
$('#seq-json').addEventListener('click', () => { if (seq) download(`${seqName()}.json`, JSON.stringify(seq) + '\n', 'application/json'); });

$('#knights-form').addEventListener('submit', drawTable);
$('#function').addEventListener('change', drawTable);
$('#show-values').addEventListener('change', () => { if (table) renderTable(); });
$('#heatmap').addEventListener('mouseover', heatHover);
$('#heatmap').addEventListener('keydown', heatKey);
$('#seq-form').addEventListener('submit', drawSequence);
$('#family-form').addEventListener('submit', drawFamily);
$('#family-game').addEventListener('change', () => {
  const e = famEntry();
  if (e) $('#family').value = famExample(e.families[0].name);
  fillFamilies();
  drawFamily();
});
$('#family-pick').addEventListener('change', () => {
  $('#family').value = famExample($('#family-pick').value);
  drawFamily();
});
$('#family').addEventListener('input', syncPick);
$('#family-csv').addEventListener('click', famCSV);
$('#family-json').addEventListener('click', () => { if (fam) download(`${famName()}.json`, JSON.stringify(fam, null, 1) + '\n', 'application/json'); });
$('#records-csv').addEventListener('click', recordsCSV);
$('#records-json').addEventListener('click', () => { if (records) download('nimber-domineering-records.json', JSON.stringify(records, null, 1) + '\n', 'application/json'); });
{
  const q = new URLSearchParams(location.search);
  if (q.get('code')) $('#code').value = q.get('code');
  if (q.get('to')) $('#to').value = q.get('to');
}
drawTable();
initFamilies();
drawRecords();
drawSequence();
