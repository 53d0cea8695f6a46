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
