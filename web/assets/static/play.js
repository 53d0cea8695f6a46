// The play page: a board editor, the analysis of the position (Grundy value,
// outcome, winning moves) and play against the engine, all through
// POST /api/play/{game}; official inputs through POST /api/solve/{problem}.
import { api, el, svg, $, setError, parseOfficial, formatOfficial } from './common.js';

const MAX_SIDE = 100; // the editor's limit; the server has its own

// What each game's characters mean, and how the page draws them: for every
// character of the input alphabet and of the server's display alphabet (see
// package play), [fill, text drawn in the cell, meaning].
const WHITE = '#ffffff', DARK = '#39414a';
const GAMES = {
  'bacterial-tactics': {
    desc: 'Players take turns placing a colony on an empty cell: an H colony infects its row, a V colony its ' +
      'column, up to the edges of the rectangle it stands in, so a move cuts the board into independent rectangles. ' +
      'A colony whose line would reach a radioactive cell mutates and loses at once (the engine never offers such a ' +
      'move, and the page refuses it). The player who cannot move loses. Winning moves are drawn as bars: ' +
      'horizontal for H, vertical for V.',
    show: {
      '.': [WHITE, '', 'empty'], '#': [DARK, '', 'radioactive'],
      'H': ['#5b9bd5', 'H', 'H colony'], 'V': ['#5b9bd5', 'V', 'V colony'],
      '-': ['#cfe3f7', '–', 'infected by an H colony'], '|': ['#cfe3f7', '|', 'infected by a V colony'],
    },
  },
  'inventor-outlasting': {
    desc: 'Players take turns building an attraction on a free X spot. Sign-builders then leave it along both ' +
      'diagonals and occupy cells until the board edge or an occupied cell. The player who cannot build loses.',
    show: {
      'X': ['#cfe3f7', 'X', 'free building spot'], '.': [WHITE, '', 'free cell'],
      'A': ['#e07a5f', 'A', 'attraction built'], '\\': ['#f6d8cf', '╲', 'sign (down-right diagonal)'],
      '/': ['#f6d8cf', '╱', 'sign (down-left diagonal)'],
    },
  },
  'caos3': {
    desc: 'A ^ cell holds a monster when each of its four arms (the run of ^ beside it in one direction, up to a ' +
      '# or the border) has length at least 2; the monsters are fixed by the start map. A move turns a live monster ' +
      'into a volcano whose lava fills its row and column until it meets lava, killing the monsters under it. ' +
      'Asuna moves first; the player who cannot move loses. Dots mark the monsters that can be played.',
    show: {
      '^': ['#f3ead2', '', 'floor'], '#': [DARK, '', 'wall'], 'O': ['#c0392b', '●', 'volcano'],
      '-': ['#f5b971', '–', 'lava (row)'], '|': ['#f5b971', '|', 'lava (column)'],
    },
  },
  'boi2008-game': {
    desc: 'A pursuit race on an n x n board. A moves first; a move steps to an orthogonally adjacent white ' +
      'square. A step onto the opponent\'s piece earns an extra step at once (a separate move of the same player). ' +
      'The first player to reach the opponent\'s start square wins; a position neither can force is a draw (D). ' +
      'Click the square to step to; dots mark the legal steps.',
    show: {
      '.': [WHITE, '', 'white square'], '#': [DARK, '', 'black square'],
      'A': ['#f4b6be', 'A', 'A\'s start'], 'B': ['#a9e1d8', 'B', 'B\'s start'],
      'a': ['#d7263d', 'a', 'A\'s piece'], 'b': ['#1b998b', 'b', 'B\'s piece'], '*': ['#7b2cbf', '*', 'both pieces'],
    },
    square: true,
  },
  'knights': {
    desc: 'Every K is a knight that only moves up or left, by the steps (+1,−2), (−1,−2), (−2,+1), (−2,−1) ' +
      '(rows down, columns right). A move moves one knight; several knights are a sum of games and may share a ' +
      'square. The player who cannot move loses. Click a knight, then its destination. Winning moves are drawn as ' +
      'arrows.',
    show: { '.': [WHITE, '', 'empty'], 'K': [WHITE, '♞', 'knight'], '+': ['#e8eef5', '♞10+', 'ten or more knights'] },
    digits: true,
  },
};
const STRONG = new Set(['#5b9bd5', '#e07a5f', '#c0392b', '#d7263d', '#1b998b', '#7b2cbf', DARK]);

function styleOf(ch) {
  const g = info();
  if (g.show && g.show[ch]) return g.show[ch];
  if (g.digits && ch >= '2' && ch <= '9') return ['#e8eef5', `♞${ch}`, 'that many knights'];
  // a character this page does not know: a pale colour from it
  const h = (ch.charCodeAt(0) * 47) % 360;
  return [`hsl(${h},55%,86%)`, ch, 'played'];
}

// state
let problems = [];          // /api/problems
let prob = null;            // the selected entry
let start = [];             // the start board (rows of characters)
let moves = [];             // the moves played so far
let engineIdx = new Set();  // indices of the moves the engine played
let marks = [];             // move counts before each human action, for Undo
let humanSide = null;       // the side the human plays, once known
let pos = null;             // the last Position
let selected = null;        // knights: the selected token {r, c}
let cursor = { r: 0, c: 0 };
let cases = [];             // boards of the loaded input
let reqId = 0;
let raceId = 0;             // the latest BOI 2008 race analysis asked for

const game = () => prob ? prob.name : '';
const info = () => GAMES[game()] || { desc: '', show: {} };
const colony = () => ($('#colony-V').checked ? 'V' : 'H');
const editMode = () => $('#mode-edit').checked;

function blankChar() {
  const a = prob ? prob.alphabet : '.';
  if (a.includes('.')) return '.';
  if (a.includes('^')) return '^';
  return a[0];
}

async function init() {
  bind();
  try {
    problems = await api('/api/problems');
  } catch (e) {
    setError('error', `cannot list the games: ${e.message}`);
    return;
  }
  const sel = $('#game');
  sel.textContent = '';
  for (const p of problems) {
    if (p.playable === false && p.solvable === false) continue;
    sel.append(el('option', { value: p.name }, p.name + (p.playable ? '' : ' (analysis only)')));
  }
  const want = new URLSearchParams(location.search).get('game');
  if (want && problems.some(p => p.name === want)) sel.value = want;
  selectGame(sel.value);
}

function bind() {
  $('#game').addEventListener('change', e => selectGame(e.target.value));
  $('#rows').addEventListener('change', resizeFromInputs);
  $('#cols').addEventListener('change', resizeFromInputs);
  $('#clear').addEventListener('click', () => {
    const b = blankChar();
    setStart(start.map(r => b.repeat(r.length)));
  });
  $('#load-example').addEventListener('click', () => {
    if (!prob) return;
    $('#input').value = prob.example || '';
    loadInput();
  });
  $('#load-input').addEventListener('click', loadInput);
  $('#export').addEventListener('click', () => {
    $('#input').value = formatOfficial([start], !!info().square);
    cases = [start.slice()];
    showCases();
  });
  $('#case').addEventListener('change', e => {
    const b = cases[Number(e.target.value)];
    if (b) setStart(b.slice());
  });
  $('#solve').addEventListener('click', solve);
  $('#new-game').addEventListener('click', newGame);
  $('#undo').addEventListener('click', undo);
  $('#engine-move').addEventListener('click', engineMove);
  $('#show-wins').addEventListener('change', draw);
  for (const id of ['#mode-play', '#mode-edit']) $(id).addEventListener('change', () => { selected = null; draw(); });
  const board = $('#board');
  board.addEventListener('click', onBoardClick);
  board.addEventListener('keydown', onBoardKey);
}

function selectGame(name) {
  prob = problems.find(p => p.name === name) || null;
  $('#game-desc').textContent = (prob && prob.title ? prob.title + '. ' : '') + info().desc +
    (prob && prob.playable === false ? ' This server analyses the game but cannot play it.' : '');
  $('#colony-row').hidden = game() !== 'bacterial-tactics';
  $('#solve').disabled = !prob || prob.solvable === false;
  $('#race-box').hidden = true;
  raceId++; // an analysis still on its way is of the previous game
  $('#solve-output').hidden = true;
  setError('input-error', '');
  $('#input').value = prob ? prob.example || '' : '';
  if (prob && prob.example) loadInput();
  else setStart([blankChar().repeat(4), blankChar().repeat(4), blankChar().repeat(4), blankChar().repeat(4)]);
}

function loadInput() {
  setError('input-error', '');
  try {
    cases = parseOfficial($('#input').value);
  } catch (e) {
    setError('input-error', e.message);
    return;
  }
  showCases();
  setStart(cases[0].slice());
}

function showCases() {
  const sel = $('#case');
  sel.textContent = '';
  cases.forEach((b, i) => sel.append(el('option', { value: i }, `case ${i + 1} (${b.length} x ${b[0].length})`)));
  $('#case-row').hidden = cases.length < 2;
}

function resizeFromInputs() {
  let r = clampInt($('#rows').value, 1, MAX_SIDE);
  let c = clampInt($('#cols').value, 1, MAX_SIDE);
  if (info().square) {
    // BOI 2008 boards are square: follow the field that changed
    if (document.activeElement === $('#cols')) r = c; else c = r;
  }
  const b = blankChar();
  const next = [];
  for (let i = 0; i < r; i++) {
    const old = start[i] || '';
    next.push((old + b.repeat(c)).slice(0, c));
  }
  setStart(next);
}

function clampInt(v, lo, hi) {
  const n = Math.floor(Number(v));
  if (!Number.isFinite(n)) return lo;
  return Math.max(lo, Math.min(hi, n));
}

// setStart installs a new start board and starts a new game on it.
function setStart(board) {
  start = board;
  $('#rows').value = start.length;
  $('#cols').value = start[0].length;
  cursor = { r: Math.min(cursor.r, start.length - 1), c: Math.min(cursor.c, start[0].length - 1) };
  newGame();
}

function newGame() {
  moves = [];
  engineIdx = new Set();
  marks = [];
  humanSide = null;
  selected = null;
  request([], false);
}

// request replays moves on the start board (the engine answering when reply
// is set) and draws the answer. It resolves to true on success.
async function request(ms, reply, human) {
  const id = ++reqId;
  const t0 = performance.now();
  setError('error', '');
  let ans;
  try {
    if (prob && prob.playable === false) {
      if (ms.length > 0) throw new Error('playing this game is not available on this server; the analysis of the start board is');
      ans = await analyzeOnly();
    } else {
      ans = await api(`/api/play/${encodeURIComponent(game())}`, { board: start, moves: ms, reply });
    }
  } catch (e) {
    if (id !== reqId) return false;
    if (ms.length === 0) pos = null; // the start board itself is refused
    draw();
    setError('error', e.message);
    return false;
  }
  if (id !== reqId) return false;
  if (human) {
    marks.push(moves.length);
    if (humanSide === null) humanSide = pos ? pos.to_move : null;
  }
  pos = ans.position;
  moves = pos.moves || [];
  if (reply && ans.reply) engineIdx.add(moves.length - 1);
  for (const i of [...engineIdx]) if (i >= moves.length) engineIdx.delete(i);
  selected = null;
  draw();
  const ms2 = performance.now() - t0;
  const t = $('#timing');
  t.textContent = `${ms2.toFixed(1)} ms for ${start.length} x ${start[0].length}`;
  t.dataset.ms = ms2.toFixed(2);
  if (ms.length === 0 && game() === 'boi2008-game') explainRace();
  return true;
}

// analyzeOnly stands in for /api/play when the server cannot play the game:
// the start board's analysis from /api/analyze, as a Position without moves.
async function analyzeOnly() {
  const ans = await api(`/api/analyze/${encodeURIComponent(game())}`, formatOfficial([start], !!info().square));
  const a = ans.cases[0];
  const zero = m => ({ row: m.row - 1, col: m.col - 1, colony: m.colony || undefined });
  const p = { game: game(), board: start, moves: [], to_move: 'first', over: false, grundy: a.grundy,
    outcome: a.outcome, winning_moves: (a.winning_moves || []).map(zero), legal_moves: [] };
  if (a.race) {
    p.to_move = 'A';
    p.outcome = a.race.winner === 'A' ? 'N' : 'P';
    p.winning_moves = a.race.first_move ? [zero(a.race.first_move)] : [];
  }
  return { position: p, reply: null };
}

async function play(m) {
  if (!pos || pos.over) return;
  // BOI 2008: a step onto the opponent's piece is followed by an extra step of
  // the same player, so the engine answers only once the turn has passed.
  const boi = game() === 'boi2008-game';
  if (!await request([...moves, m], !boi, true)) return;
  for (let k = 0; k < 4 && pos && !pos.over && humanSide && pos.to_move !== humanSide; k++) {
    if (!await request(moves, true, false)) return;
  }
}

async function engineMove() {
  if (!pos || pos.over) return;
  const before = moves.length, mover = pos.to_move;
  if (!await request(moves, true, false)) return;
  marks.push(before);
  if (humanSide === null) humanSide = otherSide(mover);
  for (let k = 0; k < 4 && pos && !pos.over && pos.to_move === mover && humanSide !== mover; k++) {
    if (!await request(moves, true, false)) break;
  }
  draw();
}

function otherSide(s) {
  return { first: 'second', second: 'first', A: 'B', B: 'A' }[s] || null;
}

async function undo() {
  if (marks.length === 0) return;
  const n = marks.pop();
  const ok = await request(moves.slice(0, n), false);
  if (!ok) marks.push(n);
  if (marks.length === 0 && moves.length === 0) humanSide = null;
  draw();
}

async function solve() {
  setError('input-error', '');
  let text = $('#input').value;
  if (!text.trim()) text = formatOfficial([start], !!info().square);
  const out = $('#solve-output');
  try {
    const ans = await api(`/api/solve/${encodeURIComponent(game())}`, text);
    out.textContent = ans.output;
    out.hidden = false;
  } catch (e) {
    out.hidden = true;
    setError('input-error', e.message);
  }
}

// explainRace shows the analysis of a BOI 2008 start board: the distance,
// the verdict and the principal line.
async function explainRace() {
  const box = $('#race-box');
  const id = ++raceId;
  try {
    const ans = await api('/api/analyze/boi2008-game', formatOfficial([start], true));
    if (id !== raceId) return; // a later board's or game's
    const c = ans.cases && ans.cases[0];
    const r = c && c.race;
    if (!r) { box.hidden = true; return; }
    const sq = m => `(${m.row},${m.col})`;
    let s = `winner: ${r.winner}\ndistance D = ${r.distance}\n`;
    if (r.first_move) s += `A's first winning move: ${sq(r.first_move)}\n`;
    if (r.interception) s += `B lands on A at ${sq(r.interception)} with his move ${r.interception_move}\n`;
    if (r.line && r.line.length) s += `principal line: ${r.line.map((m, i) => (i % 2 ? 'B' : 'A') + sq(m)).join(' ')}\n`;
    if (r.method) s += `decided by: ${r.method}\n`;
    $('#race').textContent = s;
    box.hidden = false;
  } catch (e) {
    if (id === raceId) box.hidden = true;
  }
}

// ---- drawing ----

function cellSize(rows, cols) {
  return Math.max(6, Math.min(40, Math.floor(600 / Math.max(rows, cols))));
}

function draw() {
  const host = $('#board');
  const board = pos && !editMode() ? pos.board : start;
  const rows = board.length, cols = board[0].length;
  const s = cellSize(rows, cols);
  const labels = s >= 14;
  const off = labels ? 22 : 2;
  const W = off + cols * s + 2, H = off + rows * s + 2;
  const root = svg('svg', {
    class: 'board', width: W, height: H, viewBox: `0 0 ${W} ${H}`, tabindex: 0, role: 'application',
    'aria-label': `${game()} board, ${rows} rows by ${cols} columns; arrow keys move, Enter plays`,
  });
  const cx = c => off + c * s, cy = r => off + r * s;
  if (labels) {
    const every = Math.max(rows, cols) > 20 ? 5 : 1;
    for (let c = 0; c < cols; c++) if ((c + 1) % every === 0 || c === 0) root.append(svg('text', { x: cx(c) + s / 2, y: off - 7, 'text-anchor': 'middle', 'font-size': 11 }, c + 1));
    for (let r = 0; r < rows; r++) if ((r + 1) % every === 0 || r === 0) root.append(svg('text', { x: off - 5, y: cy(r) + s / 2 + 4, 'text-anchor': 'end', 'font-size': 11 }, r + 1));
  }
  const legal = pos && !editMode() && !pos.over ? pos.legal_moves || [] : [];
  const clickable = new Set();
  for (const m of legal) clickable.add(`${m.row},${m.col}`);
  if (selected) for (const m of legal) if (m.row === selected.r && m.col === selected.c && m.to) clickable.add(`${m.to.row},${m.to.col}`);
  const fs = Math.round(s * 0.62);
  const cells = svg('g');
  for (let r = 0; r < rows; r++) {
    const line = board[r];
    for (let c = 0; c < cols; c++) {
      const ch = line[c];
      const [fill, text] = styleOf(ch);
      const ink = STRONG.has(fill) ? '#fff' : '#1d2327';
      const cls = editMode() || clickable.has(`${r},${c}`) ? 'cell clickable' : 'cell';
      cells.append(svg('rect', { class: cls, x: cx(c), y: cy(r), width: s, height: s, fill, 'data-r': r, 'data-c': c }));
      if (text && s >= 10) {
        const f = text === '♞' ? Math.round(s * 0.8) : text.length > 1 ? Math.round(fs * 1.6 / text.length) : fs;
        cells.append(svg('text', { x: cx(c) + s / 2, y: cy(r) + s / 2 + f * 0.36, 'text-anchor': 'middle', 'font-size': f, fill: ink }, text));
      }
    }
  }
  root.append(cells);

  if (pos && !editMode()) {
    const over = svg('g');
    const g = game();
    // legal steps worth showing
    if (g === 'caos3' || g === 'boi2008-game') {
      for (const m of legal) over.append(svg('circle', { class: 'target', cx: cx(m.col) + s / 2, cy: cy(m.row) + s / 2, r: Math.max(2, s * 0.14) }));
    }
    if (selected) {
      over.append(svg('rect', { class: 'sel', x: cx(selected.c) + 1.5, y: cy(selected.r) + 1.5, width: s - 3, height: s - 3 }));
      for (const m of legal) if (m.to && m.row === selected.r && m.col === selected.c) over.append(svg('rect', { class: 'target', x: cx(m.to.col), y: cy(m.to.row), width: s, height: s }));
    }
    // the last move
    const last = moves[moves.length - 1];
    if (last) {
      const t = last.to || last;
      over.append(svg('rect', { class: 'last', x: cx(t.col) + 1.5, y: cy(t.row) + 1.5, width: s - 3, height: s - 3 }));
    }
    // winning moves: one .win-mark per move
    if ($('#show-wins').checked) {
      const wins = pos.winning_moves || [];
      const lit = new Set();
      for (const m of wins) {
        const key = `${m.row},${m.col}`;
        if (g === 'bacterial-tactics') {
          // one highlighted cell per square, one bar per move
          if (!lit.has(key)) over.append(svg('rect', { class: 'win-cell', x: cx(m.col), y: cy(m.row), width: s, height: s }));
        } else if (g !== 'knights') {
          over.append(svg('rect', { class: 'win-cell win-mark', x: cx(m.col), y: cy(m.row), width: s, height: s, 'data-r': m.row, 'data-c': m.col }));
        }
        lit.add(key);
        const mx = cx(m.col) + s / 2, my = cy(m.row) + s / 2, k = s * 0.34;
        if (g === 'bacterial-tactics') {
          const d = m.colony === 'V' ? { x1: mx, y1: my - k, x2: mx, y2: my + k } : { x1: mx - k, y1: my, x2: mx + k, y2: my };
          over.append(svg('line', { class: 'win-line win-mark', 'data-colony': m.colony, ...d }));
        } else if (g === 'knights' && m.to) {
          const tx = cx(m.to.col) + s / 2, ty = cy(m.to.row) + s / 2;
          over.append(svg('line', { class: 'win-line win-mark', x1: mx, y1: my, x2: tx, y2: ty }));
          over.append(svg('circle', { class: 'win-cell', cx: tx, cy: ty, r: s * 0.22 }));
        }
      }
    }
    root.append(over);
  }
  if (document.activeElement && document.activeElement.closest && document.activeElement.closest('#board')) {
    root.append(svg('rect', { class: 'cursor', x: cx(cursor.c) + 1, y: cy(cursor.r) + 1, width: s - 2, height: s - 2 }));
  }
  root.dataset.winning = pos && pos.winning_moves ? pos.winning_moves.length : 0;
  root.addEventListener('focus', () => { if (!root.querySelector('.cursor')) root.append(svg('rect', { class: 'cursor', x: cx(cursor.c) + 1, y: cy(cursor.r) + 1, width: s - 2, height: s - 2 })); });
  root.addEventListener('blur', () => { const k = root.querySelector('.cursor'); if (k) k.remove(); });
  const hadFocus = host.contains(document.activeElement);
  host.replaceChildren(root);
  if (hadFocus) root.focus();
  drawLegend();
  drawStatus();
  drawMoves();
  updateButtons();
}

function drawLegend() {
  const lg = $('#legend');
  lg.textContent = '';
  const board = pos && !editMode() ? pos.board : start;
  const chars = [...(prob ? prob.alphabet : '')];
  const seen = new Set(chars);
  for (const line of board) for (const ch of line) if (!seen.has(ch)) { seen.add(ch); chars.push(ch); }
  for (const ch of chars) {
    const [fill, , name] = styleOf(ch);
    lg.append(swatch(fill, el('code', null, ch), ` ${name}`));
  }
  lg.append(swatch('#f2b705', 'winning move'));
  if (editMode()) lg.append(el('span', { class: 'small muted' }, `click a cell to cycle it through "${prob ? prob.alphabet : ''}"`));
}

function swatch(fill, ...text) {
  const sw = el('span', { class: 'sw' });
  sw.style.background = fill;
  return el('span', null, sw, ...text);
}

function sideName(s) {
  if (!s) return '';
  let base = { first: 'the first player', second: 'the second player', A: 'A', B: 'B' }[s] || s;
  if (game() === 'caos3') base = { first: 'Asuna (first player)', second: 'Kirito (second player)' }[s] || base;
  if (humanSide === null) return base;
  return `${base} (${s === humanSide ? 'you' : 'the engine'})`;
}

function drawStatus() {
  const v = $('#verdict'), t = $('#turn');
  v.textContent = '';
  t.textContent = '';
  if (!pos) return;
  const wins = (pos.winning_moves || []).length;
  if (pos.grundy !== undefined && pos.grundy !== null) v.append(`Grundy value ${pos.grundy} · `);
  v.append(el('span', { class: `badge ${pos.outcome}` }, pos.outcome), ' ');
  if (pos.over) {
    v.append('the game is over');
  } else if (pos.outcome === 'D') {
    v.append(`neither player can force a win: a draw with best play`);
  } else if (pos.outcome === 'N') {
    v.append(`${sideName(pos.to_move)} to move wins, with ${wins} winning move${wins === 1 ? '' : 's'}`);
  } else {
    v.append(`${sideName(pos.to_move)} to move loses against perfect play`);
  }
  if (pos.over) t.textContent = pos.winner ? `Game over. Winner: ${sideName(pos.winner)}.` : 'Game over.';
  else t.textContent = `To move: ${sideName(pos.to_move)}. ${(pos.legal_moves || []).length} legal move(s).`;
}

function fmtMove(m) {
  let s = `row ${m.row + 1}, column ${m.col + 1}`;
  if (m.colony) s += `, colony ${m.colony}`;
  if (m.to) s = `(${m.row + 1},${m.col + 1}) to (${m.to.row + 1},${m.to.col + 1})`;
  return s;
}

function drawMoves() {
  const ol = $('#moves');
  ol.textContent = '';
  moves.forEach((m, i) => {
    const who = engineIdx.has(i) ? 'engine' : 'you';
    ol.append(el('li', { class: who }, `${fmtMove(m)} (${who})`));
  });
}

function updateButtons() {
  $('#undo').disabled = marks.length === 0;
  $('#engine-move').disabled = !pos || pos.over || editMode();
}

// ---- input ----

function onBoardClick(e) {
  const t = e.target.closest('rect[data-r]');
  if (!t) return;
  act(Number(t.dataset.r), Number(t.dataset.c));
  const root = $('#board svg');
  if (root) root.focus({ preventScroll: true });
}

function onBoardKey(e) {
  const rows = start.length, cols = start[0].length;
  const k = e.key;
  if (k === 'h' || k === 'H') { $('#colony-H').checked = true; return; }
  if (k === 'v' || k === 'V') { $('#colony-V').checked = true; return; }
  const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[k];
  if (d) {
    cursor = { r: Math.max(0, Math.min(rows - 1, cursor.r + d[0])), c: Math.max(0, Math.min(cols - 1, cursor.c + d[1])) };
    moveCursor();
    e.preventDefault();
  } else if (k === 'Enter' || k === ' ') {
    act(cursor.r, cursor.c);
    e.preventDefault();
  } else if (k === 'Escape') {
    selected = null;
    draw();
  }
}

function moveCursor() {
  const root = $('#board svg');
  const cell = root && root.querySelector(`rect.cell[data-r="${cursor.r}"][data-c="${cursor.c}"]`);
  let k = root && root.querySelector('.cursor');
  if (!cell) return;
  if (!k) { k = svg('rect', { class: 'cursor' }); root.append(k); }
  const s = Number(cell.getAttribute('width'));
  k.setAttribute('x', Number(cell.getAttribute('x')) + 1);
  k.setAttribute('y', Number(cell.getAttribute('y')) + 1);
  k.setAttribute('width', s - 2);
  k.setAttribute('height', s - 2);
}

function act(r, c) {
  cursor = { r, c };
  if (editMode()) {
    const a = prob ? prob.alphabet : '.#';
    const ch = start[r][c];
    const next = a[(a.indexOf(ch) + 1) % a.length];
    const b = start.slice();
    b[r] = b[r].slice(0, c) + next + b[r].slice(c + 1);
    start = b;
    moves = [];
    engineIdx = new Set();
    marks = [];
    humanSide = null;
    draw();
    request([], false);
    return;
  }
  if (!pos || pos.over) return;
  const legal = pos.legal_moves || [];
  const g = game();
  if (g === 'knights') {
    if (selected) {
      const m = legal.find(m => m.row === selected.r && m.col === selected.c && m.to && m.to.row === r && m.to.col === c);
      if (m) { play(m); return; }
    }
    selected = legal.some(m => m.row === r && m.col === c) ? { r, c } : null;
    draw();
    return;
  }
  let m;
  if (g === 'bacterial-tactics') {
    m = legal.find(m => m.row === r && m.col === c && m.colony === colony());
    if (!m && legal.some(m => m.row === r && m.col === c)) {
      setError('error', `a ${colony()} colony at row ${r + 1}, column ${c + 1} is not a move here; try ${colony() === 'H' ? 'V' : 'H'}`);
      return;
    }
  } else {
    m = legal.find(m => m.row === r && m.col === c);
  }
  if (m) play(m);
  else setError('error', `row ${r + 1}, column ${c + 1} is not a legal move`);
}

init();
