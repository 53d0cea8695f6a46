// The play page: any game of GET /api/games, or rules pasted by the user,
// a position (a board editor for board games, a text box for the others),
// its analysis and play against the engine, all through POST
// /api/play/{game}; why the position is won or lost through POST
// /api/moves/{game} (why.js); official inputs through POST
// /api/solve/{problem} and /api/analyze/{problem}. The game, the position
// and the moves live in the URL (share.js). The page knows no game: the
// legend, the players, the moves and their cells all come from the
// server's answers.
import { api, el, svg, $, setError, parseOfficial, formatOfficial, familyOf, playName } from './common.js';
import { drawWhy, drawMex, moveClass, moveShade, moveAfter, valueText } from './why.js';
import { readState, keepState, copyLink, download, csv, pictureDownloads } from './share.js';

const MAX_SIDE = 100; // the editor's limit; the game has its own

// ---- state ----

let games = [];             // the playable entries of /api/games
let problems = [];          // /api/problems
let entry = null;           // the selected entry
let name = '';              // the game played: an entry's name or a family member's
let problem = null;         // the entry's official problem, if any
let startText = '';         // the start position, in the game's text form
let grid = null;            // board games: the start's rows, which the editor edits
let pos = null;             // the last play.State
let moves = [];             // the moves played so far
let engineIdx = new Set();  // indices of the moves the engine played
let marks = [];             // move counts before each of the human's actions, for Undo
let humanSide = null;       // the player the human plays, once known
let picked = [];            // the cells clicked towards a move, {row, col}
let changed = new Set();    // "r,c" of the cells the last moves changed
let cursor = { r: 0, c: 0 };
let cases = [];             // boards of the loaded official input
let reqId = 0;              // the latest play request
let raceId = 0;             // the latest official analysis asked for
let why = null;             // the explanation of pos (POST /api/moves), once it came
let whyId = 0;              // the latest explanation asked for
let mexPart = null;         // the part whose mex is shown
let selfPlay = false;       // the engine has played for both sides
let rulesText = '';         // pasted rules: the text of the rules file
let push = false;           // the next state goes in a new history entry
let heapSel = null;         // heap games: the heap clicked, whose moves are offered

// PASTED is the entry of the user's own rules, pasted in the page: the
// game "rules" of the API, which takes the file's text with each request.
const PASTED = {
  name: 'rules', pasted: true, summary: 'your own game: a rules file you paste', example_position: '6\n9',
  format: 'one part a line, in the rules file\'s text form (an int, a string in quotes, or a tuple)',
  supports: { play: true }, info: { noun: 'pile', players: ['first', 'second'] },
};

// A rules file to start from: piles of coins, written for this page.
const EXAMPLE_RULES = `name = "Take or split"

# A pile of n coins: take one or two coins, or split the pile into two
# piles of different sizes. moves(n) returns one list of piles per move.
def moves(n):
    options = []
    for take in (1, 2):
        if take <= n:
            options.append([n - take] if n > take else [])
    for a in range(1, (n + 1) // 2):
        if a != n - a:
            options.append([a, n - a])
    return options
`;

const isBoard = () => !!(entry && entry.info && entry.info.legend);
const editMode = () => isBoard() && $('#mode-edit').checked;
const players = () => (entry && entry.info && entry.info.players) || ['first', 'second'];
const noun = () => (entry && entry.info && entry.info.noun) || 'part';
// multiline: positions with line breaks (boards, and rules files' sums,
// one part a line), edited in the text area.
const multiline = () => isBoard() || (entry && (entry.pasted || / \(rules file\)$/.test(entry.summary)));

// label is the human name of an entry: its summary's first words.
function label(e) {
  let s = e.summary || e.name;
  const colon = s.indexOf(':');
  if (colon > 0) s = s.slice(0, colon);
  else s = s.split(/ \(|, |; /)[0];
  s = s.trim();
  s = s.charAt(0).toUpperCase() + s.slice(1);
  if (e.pasted) return 'Your own rules (paste a rules file)';
  return e.family ? `${s} (${e.example})` : s;
}

// blank is the character a cleared or added cell gets: '.' when it starts
// positions, else the legend's first start character.
function blank() {
  const starts = startChars();
  return starts.includes('.') ? '.' : (starts[0] || '.');
}

function startChars() {
  return ((entry && entry.info.legend) || []).filter(s => s.start).map(s => s.char);
}

// ---- cell styles, from the legend's order ----

const PALE = ['#cfe3f7', '#f6e3b4', '#d9ead3', '#f4cccc', '#e1d5f0', '#fde2c8'];
const STRONG = ['#5b9bd5', '#e07a5f', '#1b998b', '#d7263d', '#7b2cbf', '#b07d00'];
const WHITE = '#ffffff', DARK = '#39414a';

// styles maps every character of the legend to [fill, ink, text shown]:
// '.' white and '#' dark, as the text formats write empty and blocked cells;
// the other start characters pale, the characters of played positions
// strong. Letters and digits are written in their cells.
function styles() {
  const out = new Map();
  let pale = 0, strong = 0;
  for (const s of (entry && entry.info.legend) || []) {
    let fill;
    if (s.char === '.') fill = WHITE;
    else if (s.char === '#') fill = DARK;
    else if (s.start) fill = PALE[pale++ % PALE.length];
    else fill = STRONG[strong++ % STRONG.length];
    const ink = fill === DARK || STRONG.includes(fill) ? '#fff' : '#1d2327';
    out.set(s.char, { fill, ink, meaning: s.meaning });
  }
  return out;
}

function styleOf(map, ch) {
  const s = map.get(ch);
  if (s) return s;
  // a character the legend does not list: a pale colour from it
  const h = (ch.charCodeAt(0) * 47) % 360;
  return { fill: `hsl(${h},55%,86%)`, ink: '#1d2327', meaning: '' };
}

const shows = ch => /[A-Za-z0-9]/.test(ch);

// ---- start ----

async function init() {
  bind();
  try {
    const [g, p] = await Promise.all([api('/api/games'), api('/api/problems')]);
    games = g.filter(e => e.supports && e.supports.play);
    problems = p;
  } catch (e) {
    setError('error', `cannot list the games: ${e.message}`);
    return;
  }
  games.push(PASTED);
  const sel = $('#game');
  sel.textContent = '';
  for (const e of games) sel.append(el('option', { value: playName(e) }, label(e)));
  $('#rules-text').value = EXAMPLE_RULES;
  restore();
  window.addEventListener('popstate', restore);
}

// restore shows the state the URL holds: its game (a family member or
// pasted rules included), start position and moves; the first game with
// its example when it holds none.
function restore() {
  const st = readState();
  const sel = $('#game');
  let e = st.game ? games.find(g => playName(g) === st.game) : null;
  if (!e && st.game) e = games.find(g => g.family && familyOf(g, st.game));
  if (!e) e = games[0];
  if (st.rules !== null && e.pasted) {
    rulesText = st.rules;
    $('#rules-text').value = st.rules;
  }
  sel.value = playName(e);
  selectGame(playName(e), st.game && e.family ? st.game : null, st.position === null ? null : st);
  if (st.bad) setError('error', st.bad);
}


function bind() {
  $('#game').addEventListener('change', e => { push = true; selectGame(e.target.value); });
  $('#rules-form').addEventListener('submit', e => {
    e.preventDefault();
    rulesText = $('#rules-text').value;
    push = true;
    setStart(multilineText() || entry.example_position);
  });
  $('#copy-link').addEventListener('click', () => copyLink($('#share-status')));
  $('#export-json').addEventListener('click', exportJSON);
  $('#export-csv').addEventListener('click', exportCSV);
  pictureDownloads('#board', fileName);
  $('#parts').addEventListener('click', e => {
    const b = e.target.closest('button[data-part]');
    if (!b) return;
    mexPart = Number(b.dataset.part);
    drawMex(why, mexPart, partLabel);
  });
  $('#member-form').addEventListener('submit', e => {
    e.preventDefault();
    const m = $('#member').value.trim();
    if (m) openMember(m);
  });
  $('#rows').addEventListener('change', resize);
  $('#cols').addEventListener('change', resize);
  $('#clear').addEventListener('click', () => {
    if (!grid) return;
    const b = blank();
    editGrid(grid.map(r => b.repeat(r.length)));
  });
  $('#position-form').addEventListener('submit', e => {
    e.preventDefault();
    const text = multiline() ? $('#position-text').value : $('#position-line').value;
    if (!text.trim()) {
      setError('error', `The position is empty: type one (${entry ? entry.format : 'in the game\'s text form'}), or load the example.`);
      return;
    }
    push = true;
    setStart(text);
  });
  $('#load-example').addEventListener('click', () => { if (entry) { push = true; setStart(entry.example_position); } });
  $('#load-official').addEventListener('click', () => {
    if (!problem) return;
    $('#input').value = problem.example || '';
    loadInput();
  });
  $('#load-input').addEventListener('click', loadInput);
  $('#export').addEventListener('click', () => {
    if (!grid) return;
    $('#input').value = formatOfficial([grid], !!(problem && problem.square));
    cases = [grid.slice()];
    showCases();
  });
  $('#case').addEventListener('change', e => {
    const b = cases[Number(e.target.value)];
    if (b) setStart(b.join('\n') + '\n');
  });
  $('#solve').addEventListener('click', solve);
  $('#new-game').addEventListener('click', () => { push = true; newGame(false); });
  $('#undo').addEventListener('click', undo);
  $('#engine-move').addEventListener('click', engineMove);
  $('#show-wins').addEventListener('change', draw);
  $('#misere').addEventListener('change', () => misereNow(pos));
  for (const id of ['#mode-play', '#mode-edit']) $(id).addEventListener('change', () => { picked = []; draw(); });
  const board = $('#board');
  board.addEventListener('click', onBoardClick);
  board.addEventListener('keydown', onBoardKey);
  setupHover();
  $('#legal').addEventListener('click', e => {
    const b = e.target.closest('button[data-i]');
    if (b && pos) play(pos.legal_moves[Number(b.dataset.i)]);
  });
  $('#candidates').addEventListener('click', e => {
    const b = e.target.closest('button');
    if (!b || !pos) return;
    if (b.dataset.i === undefined) { picked = []; draw(); return; }
    play(pos.legal_moves[Number(b.dataset.i)]);
  });
}

// selectGame shows the entry whose play name is value: the family's game
// member when given, and the start position and moves of saved (a state
// read from the URL) or else the entry's example.
function selectGame(value, member = null, saved = null) {
  entry = games.find(e => playName(e) === value) || null;
  if (!entry) return;
  name = member || value;
  problem = entry.supports.official ? problems.find(p => p.name === entry.name) || null : null;
  const board = isBoard(), lines = multiline();
  $('#editor').hidden = !board;
  $('#position-text').hidden = !lines;
  $('#position-line').hidden = lines;
  $('#position-label').setAttribute('for', lines ? 'position-text' : 'position-line');
  $('#rules-form').hidden = !entry.pasted;
  $('#misere-row').hidden = entry.name !== 'CODE';
  if (entry.name !== 'CODE') $('#misere').checked = false;
  $('#format').textContent = `Format: ${entry.format}.`;
  $('#member-form').hidden = !entry.family;
  if (entry.family) {
    $('#member-label').textContent = `Another game of this kind, by its name (e.g. ${entry.example})`;
    $('#member').placeholder = entry.example;
    $('#member').value = '';
  }
  $('#official-panel').hidden = !problem;
  $('#solve-output').hidden = true;
  setError('input-error', '');
  $('#input').value = problem ? problem.example || '' : '';
  $('#case-row').hidden = true;
  cases = [];
  describeGame();
  grid = null;
  if (saved) {
    startText = saved.position;
    raceId++;
    $('#race-box').hidden = true;
    resetGame();
    engineIdx = saved.engine;
    if (saved.you === 'first' || saved.you === 'second' || players().includes(saved.you)) humanSide = saved.you;
    request(saved.moves, false, true, () => { marks = humanMarks(saved.moves.length); });
    return;
  }
  setStart(entry.example_position);
}

// humanMarks are the Undo points of n moves restored from a link: before
// each move not played by the engine, and before the engine's first.
function humanMarks(n) {
  const out = [];
  for (let i = 0; i < n; i++) if (!engineIdx.has(i) || (i === 0 && humanSide !== null)) out.push(i);
  return out;
}

// multilineText is the position typed in the text area, if any.
function multilineText() {
  return $('#position-text').value.trim() ? $('#position-text').value : '';
}

function describeGame() {
  const i = entry.info;
  const [a, b] = players();
  let s = `${entry.summary.charAt(0).toUpperCase()}${entry.summary.slice(1)}. `;
  if (name !== playName(entry)) s = `${name}: a game of the family ${entry.name}. ` + s;
  s += `Players: ${a} moves first, then ${b}. `;
  s += i.loopy ? 'Positions can repeat: each is a win (N), a loss (P) or a draw (D) for the player to move, with its remoteness.'
    : `A position is a sum of ${i.noun}s, valued by Grundy values (where play can repeat, generalised ones: a number or ∞(K), and a draw is possible); the player who cannot move loses.`;
  $('#game-desc').textContent = s;
}

// openMember plays another game of the selected family, from the current
// start position.
function openMember(m) {
  if (!entry || !entry.family) return;
  name = m;
  describeGame();
  push = true;
  setStart(startText || entry.example_position);
}

// setStart installs a new start position and starts a new game on it.
function setStart(text) {
  startText = text;
  raceId++; // an official analysis on its way is of the previous start
  $('#race-box').hidden = true;
  newGame(true);
}

function newGame(fresh) {
  resetGame();
  return request([], false, fresh);
}

function resetGame() {
  moves = [];
  engineIdx = new Set();
  marks = [];
  humanSide = null;
  selfPlay = false;
  picked = [];
  changed = new Set();
}

// editGrid makes rows the start board; a board the server refuses (too
// large for the game, say) leaves the previous one in the editor.
function editGrid(rows) {
  const before = { grid, text: startText, pos, moves };
  grid = rows;
  startText = rows.join('\n') + '\n';
  raceId++;
  $('#race-box').hidden = true;
  resetGame();
  push = true;
  request([], false, true, null, before);
}

function resize() {
  if (!grid) return;
  let r = clampInt($('#rows').value, 1, MAX_SIDE);
  let c = clampInt($('#cols').value, 1, MAX_SIDE);
  if (problem && problem.square) {
    // the problem's boards are square: follow the field that changed
    if (document.activeElement === $('#cols')) r = c; else c = r;
  }
  const b = blank();
  const next = [];
  for (let i = 0; i < r; i++) next.push(((grid[i] || '') + b.repeat(c)).slice(0, c));
  editGrid(next);
}

function clampInt(v, lo, hi) {
  const n = Math.floor(Number(v));
  if (!Number.isFinite(n)) return lo;
  return Math.max(lo, Math.min(hi, n));
}

// gridOf reads the rows of a board position's text, for the editor, when
// the server refused it: every line up to a blank one.
function gridOf(text) {
  const rows = [];
  for (const line of text.replace(/\r/g, '').split('\n')) {
    const t = line.trim();
    if (t === '') { if (rows.length) break; continue; }
    rows.push(t);
  }
  const w = rows.length ? rows[0].length : 0;
  return rows.length && rows.every(r => r.length === w) && rows.length <= MAX_SIDE && w <= MAX_SIDE ? rows : null;
}

function showStart() {
  $('#position-text').value = startText;
  $('#position-line').value = multiline() ? '' : startText;
  if (grid) {
    $('#rows').value = grid.length;
    $('#cols').value = grid[0].length;
    cursor = { r: Math.min(cursor.r, grid.length - 1), c: Math.min(cursor.c, grid[0].length - 1) };
  }
}

// ---- requests ----

// body is a request's body for the game played: pasted rules travel with
// every request.
function body(fields) {
  return entry && entry.pasted ? { ...fields, rules: rulesText || $('#rules-text').value } : fields;
}

// request replays ms from the start (the engine answering when reply is
// set) and draws the answer; fresh says the start itself is new, and
// commit, when given, runs on success before the answer is drawn. A fresh
// start that fails goes back to revert (the board edited before) when
// given. It resolves to the answer, or null when it failed or a later
// request superseded it.
async function request(ms, reply, fresh = false, commit = null, revert = null) {
  const id = ++reqId;
  const t0 = performance.now();
  setError('error', '');
  let ans;
  try {
    ans = await api(`/api/play/${encodeURIComponent(name)}`, body({ position: startText, moves: ms, reply }));
  } catch (e) {
    if (id !== reqId) return null;
    push = false;
    if (fresh && revert && revert.grid) {
      ({ grid, pos, moves } = revert);
      startText = revert.text;
      showStart();
    } else if (fresh) {
      pos = null;
      why = null;
      if (isBoard()) grid = gridOf(startText) || grid;
      showStart();
    }
    draw();
    setError('error', e.message);
    return null;
  }
  if (id !== reqId) return null;
  const st = ans.state;
  if (fresh && ms.length === 0) {
    startText = st.position; // as the game writes it
    grid = rectangular(st.board) ? st.board.slice() : null;
    showStart();
  } else if (fresh) { // a game restored with its moves: the start stays
    grid = isBoard() ? gridOf(startText) : null;
    showStart();
  }
  changed = new Set();
  if (pos && pos.board && st.board && st.moves.length > moves.length) {
    st.board.forEach((row, r) => {
      for (let c = 0; c < row.length; c++) if (!pos.board[r] || pos.board[r][c] !== row[c]) changed.add(`${r},${c}`);
    });
  }
  pos = st;
  moves = st.moves;
  if (ans.reply) engineIdx.add(moves.length - 1);
  for (const i of [...engineIdx]) if (i >= moves.length) engineIdx.delete(i);
  picked = [];
  if (commit) commit();
  keepState({ game: name, rules: entry.pasted ? rulesText || $('#rules-text').value : null, position: startText, moves, engine: engineIdx, you: humanSide }, push);
  push = false;
  why = null;
  draw();
  explain(st);
  misereNow(st);
  const ms2 = performance.now() - t0;
  const t = $('#timing');
  t.textContent = `${ms2.toFixed(1)} ms` + (grid ? ` for ${grid.length} x ${grid[0].length}` : '');
  t.dataset.ms = ms2.toFixed(2);
  if (fresh) officialAnalysis();
  return ans;
}

// play plays the human's move m, then lets the engine answer until it is
// the human's turn again.
async function play(m) {
  if (!pos || pos.over || !m) return;
  heapSel = null;
  const before = moves.length, me = pos.to_move;
  push = true;
  const ok = await request([...moves, { part: m.part, move: m.move }], true, false, () => {
    marks.push(before);
    if (humanSide === null) humanSide = me;
  });
  if (ok) await engineTurns();
}

// engineTurns asks the engine to move while it is its turn (a game whose
// players do not alternate may need more than one reply).
async function engineTurns() {
  for (let k = 0; k < 16 && pos && !pos.over && humanSide !== null && pos.to_move !== humanSide; k++) {
    if (!await request(moves, true)) return;
  }
}

// engineMove lets the engine play for the side to move; the human then
// plays the other side, and the engine answers for its own.
async function engineMove() {
  if (!pos || pos.over) return;
  const before = moves.length, mover = pos.to_move;
  push = true;
  const ok = await request(moves, true, false, () => {
    marks.push(before);
    if (humanSide === null) {
      const [a, b] = players();
      humanSide = mover === a ? b : a;
    } else if (mover === humanSide) {
      selfPlay = true; // the engine now plays both sides: nobody is "you"
    }
  });
  if (ok) await engineTurns();
}

async function undo() {
  if (marks.length === 0) return;
  const n = marks[marks.length - 1];
  push = true;
  await request(moves.slice(0, n), false, false, () => {
    marks.pop();
    if (marks.length === 0) humanSide = null;
  });
}

// explain asks why the position of state st is won or lost, and draws the
// answer unless a later state came first.
async function explain(st) {
  const id = ++whyId;
  try {
    const ex = await api(`/api/moves/${encodeURIComponent(name)}`, body({ position: st.position }));
    if (id !== whyId || pos !== st) return;
    why = ex;
  } catch (e) {
    if (id !== whyId || pos !== st) return;
    why = null;
    $('#why-summary').textContent = `No explanation: ${e.message}`;
    return;
  }
  drawWhyPanel();
  drawLegal();
  updateButtons();
}

function drawWhyPanel() {
  drawWhy(why, partLabel);
  if (why && mexPart !== null && mexPart < why.parts.length) drawMex(why, mexPart, partLabel);
  else mexPart = null;
}

// partLabel names part i of a position for people: "heap 2 (7)".
function partLabel(i, p) {
  const text = p.position.includes('\n') ? '' : ` (${p.position})`;
  return `${noun()} ${i + 1}${text}`;
}

// misereNow shows the misère analysis of the heaps of state st when the
// switch is on (POST /api/misere/{code}), and hides it otherwise.
let misereId = 0;
async function misereNow(st) {
  const panel = $('#misere-panel');
  const id = ++misereId;
  if (!st || !$('#misere').checked || entry.name !== 'CODE') { panel.hidden = true; return; }
  panel.hidden = false;
  const verdict = $('#misere-verdict'), table = $('#misere-heaps');
  verdict.textContent = 'Computing…';
  table.textContent = '';
  const heaps = st.parts.map(p => Number(p.position));
  if (heaps.length === 0) { verdict.textContent = 'No heap is left: the player to move cannot move, and wins in misère play.'; return; }
  let ans;
  try {
    ans = await api(`/api/misere/${encodeURIComponent(name)}`, { heaps });
  } catch (e) {
    if (id === misereId) verdict.textContent = `No misère analysis: ${e.message}`;
    return;
  }
  if (id !== misereId) return;
  const q = ans.quotient;
  let how;
  if (q) {
    const inP = q.p_portion.includes(q.element);
    const of = q.periodic
      ? `of every sum (the heaps' elements repeat with period ${q.periodic.period} from heap ${q.periodic.preperiod}, proved from heaps 1 to ${q.periodic.proved_at})`
      : `of the sums of heaps 1 to ${q.heaps}`;
    how = `by the misère quotient ${of}, a monoid of ${q.order} elements: ` +
      `the heaps' elements multiply to ${q.element}, which is ${inP ? '' : 'not '}in its P-portion {${q.p_portion.join(', ')}}`;
  } else if (ans.method === 'tame') {
    how = 'every heap up to the largest is tame, so misère Nim\'s rule decides: play as in normal play, unless the move leaves only heaps of value 0 or 1; then leave an odd number of heaps of value 1';
  } else {
    how = 'some heap is not tame and no quotient came in time, so an exact search of the whole sum decides';
  }
  verdict.replaceChildren(el('span', { class: `badge ${ans.outcome}` }, ans.outcome), ' ',
    ans.outcome === 'N' ? 'The player to move wins in misère play' : 'The player to move loses in misère play',
    ans.move ? `, by moving to ${ans.move.heaps.join(' ')}` : '', ` (${how}).`);
  const cols = q ? ['heap', 'value', 'quotient element', 'genus', 'phylum'] : ['heap', 'value', 'genus', 'phylum'];
  table.append(el('thead', null, el('tr', null, ...cols.map(h => el('th', { scope: 'col' }, h)))),
    el('tbody', null, ...ans.heaps.map(h => el('tr', null, el('th', { scope: 'row' }, h.heap), el('td', { class: 'num' }, h.value),
      ...(q ? [el('td', null, h.element)] : []),
      el('td', null, h.genus || 'not computed in time'), el('td', null, h.phylum)))));
}

// ---- exports ----

function fileName() {
  return `nimber-${name.replace(/[^A-Za-z0-9._-]+/g, '_')}`;
}

// exportJSON saves the analysis shown: the game, the start, the moves
// played and the explanation of the position reached.
function exportJSON() {
  if (!pos) return;
  const doc = { game: name, start: startText, moves, position: pos.position, explanation: why };
  if (entry.pasted) doc.rules = rulesText;
  download(`${fileName()}.json`, JSON.stringify(doc, null, 2) + '\n', 'application/json');
}

// exportCSV saves the moves of the position reached, a row each, with what
// they leave.
function exportCSV() {
  if (!why) return;
  const rows = [['part', 'move', 'position after', 'value', 'outcome', 'remoteness', 'winning']];
  for (const m of why.moves) rows.push([m.part + 1, m.move, m.position, valueText(m.value), m.outcome, m.remoteness, m.winning]);
  download(`${fileName()}.csv`, csv(rows), 'text/csv');
}

// ---- official inputs ----

function loadInput() {
  setError('input-error', '');
  try {
    cases = parseOfficial($('#input').value);
  } catch (e) {
    setError('input-error', e.message);
    return;
  }
  showCases();
  setStart(cases[0].join('\n') + '\n');
}

function showCases() {
  const sel = $('#case');
  sel.textContent = '';
  cases.forEach((b, i) => sel.append(el('option', { value: i }, `case ${i + 1} (${b.length} x ${b[0].length})`)));
  $('#case-row').hidden = cases.length < 2;
}

async function solve() {
  if (!problem) return;
  setError('input-error', '');
  const text = $('#input').value;
  const out = $('#solve-output');
  if (!text.trim()) {
    out.hidden = true;
    setError('input-error', 'The input is empty: paste an official input, load the official example, or write the board into it with "Board to input".');
    return;
  }
  try {
    const ans = await api(`/api/solve/${encodeURIComponent(problem.name)}`, text);
    out.textContent = ans.output;
    out.hidden = false;
  } catch (e) {
    out.hidden = true;
    setError('input-error', e.message);
  }
}

// officialAnalysis shows what POST /api/analyze says of the start board, as
// one case of the official input, for games with an official problem.
async function officialAnalysis() {
  const box = $('#race-box');
  const id = ++raceId;
  if (!problem || !grid) { box.hidden = true; return; }
  try {
    const ans = await api(`/api/analyze/${encodeURIComponent(problem.name)}`, formatOfficial([grid], !!problem.square));
    if (id !== raceId) return; // a later board's or game's
    const c = ans.cases && ans.cases[0];
    if (!c) { box.hidden = true; return; }
    $('#race').textContent = describeCase(c, '').join('\n') + '\n';
    box.hidden = false;
  } catch (e) {
    if (id === raceId) box.hidden = true;
  }
}

// describeCase writes an analysis as indented "key: value" lines; squares
// {row, col} (1-based in /api/analyze) as (row,col).
function describeCase(o, pad) {
  const out = [];
  for (const [k, v] of Object.entries(o)) {
    if (pad === '' && (k === 'case' || k === 'rows' || k === 'cols')) continue;
    const key = k.replace(/_/g, ' ');
    if (v && typeof v === 'object' && !Array.isArray(v) && !isSquare(v)) {
      out.push(`${pad}${key}:`, ...describeCase(v, pad + '  '));
    } else {
      out.push(`${pad}${key}: ${inline(v)}`);
    }
  }
  return out;
}

const isSquare = v => v && typeof v === 'object' && 'row' in v && 'col' in v;

function inline(v) {
  if (Array.isArray(v)) return v.length ? v.map(inline).join(' ') : 'none';
  if (isSquare(v)) {
    const rest = Object.entries(v).filter(([k]) => k !== 'row' && k !== 'col').map(([, x]) => inline(x));
    return `(${v.row},${v.col})` + (rest.length ? ' ' + rest.join(' ') : '');
  }
  if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k.replace(/_/g, ' ')} ${inline(x)}`).join(', ');
  return String(v);
}

// ---- drawing ----

function cellSize(rows, cols) {
  return Math.max(6, Math.min(40, Math.floor(600 / Math.max(rows, cols))));
}

const key = c => `${c.row},${c.col}`;

// rectangular returns rows when they draw as a board: rows of one length
// without spaces (a game may write a large position otherwise), else null.
function rectangular(rows) {
  if (!rows || !rows.length) return null;
  const w = rows[0].length;
  return rows.every(r => r.length === w && !r.includes(' ')) ? rows : null;
}

// shownBoard returns the rows to draw: the position's, or the start's while
// editing; null when there is no board to draw.
function shownBoard() {
  if (!isBoard()) return null;
  return pos && !editMode() ? rectangular(pos.board) : grid;
}

function draw() {
  if (shownBoard()) drawBoard();
  else drawText();
  drawHeaps();
  drawLegend();
  drawStatus();
  drawCandidates();
  drawLegal();
  drawWhyPanel();
  drawMoves();
  updateButtons();
}

function drawText() {
  const host = $('#board');
  host.replaceChildren(el('pre', { class: 'position', 'data-game': name, 'aria-label': `${name} position` },
    pos ? pos.position : startText));
}

function drawBoard() {
  const host = $('#board');
  const board = shownBoard();
  const rows = board.length, cols = Math.max(...board.map(r => r.length));
  const s = cellSize(rows, cols);
  const labels = s >= 14;
  const off = labels ? 22 : 2;
  const W = off + cols * s + 2, H = off + rows * s + 2;
  const root = svg('svg', {
    class: 'board', width: W, height: H, viewBox: `0 0 ${W} ${H}`, tabindex: 0, role: 'application',
    'data-game': name, 'data-rows': rows, 'data-cols': cols,
    'aria-label': `${name} board, ${rows} rows by ${cols} columns; arrow keys move, Enter plays`,
  });
  const cx = c => off + c * s, cy = r => off + r * s;
  if (labels) {
    const every = Math.max(rows, cols) > 20 ? 5 : 1;
    for (let c = 0; c < cols; c++) if ((c + 1) % every === 0 || c === 0) root.append(svg('text', { x: cx(c) + s / 2, y: off - 7, 'text-anchor': 'middle', 'font-size': 11 }, c + 1));
    for (let r = 0; r < rows; r++) if ((r + 1) % every === 0 || r === 0) root.append(svg('text', { x: off - 5, y: cy(r) + s / 2 + 4, 'text-anchor': 'end', 'font-size': 11 }, r + 1));
  }
  const live = pos && !editMode() && !pos.over;
  const legal = live ? pos.legal_moves : [];
  const clickable = new Set();
  for (const m of legal) for (const c of m.cells || []) clickable.add(key(c));
  const map = styles();
  const fs = Math.round(s * 0.62);
  const cells = svg('g');
  for (let r = 0; r < rows; r++) {
    const line = board[r];
    for (let c = 0; c < cols; c++) {
      const ch = line[c] || ' ';
      const st = styleOf(map, ch);
      const cls = editMode() || clickable.has(`${r},${c}`) ? 'cell clickable' : 'cell';
      cells.append(svg('rect', { class: cls, x: cx(c), y: cy(r), width: s, height: s, fill: st.fill, 'data-r': r, 'data-c': c, 'data-ch': ch }));
      if (shows(ch) && s >= 10) {
        cells.append(svg('text', { x: cx(c) + s / 2, y: cy(r) + s / 2 + fs * 0.36, 'text-anchor': 'middle', 'font-size': fs, fill: st.ink }, ch));
      }
    }
  }
  root.append(cells);

  if (pos && !editMode()) {
    const over = svg('g');
    const mid = c => [cx(c.col) + s / 2, cy(c.row) + s / 2];
    for (const k of changed) {
      const [r, c] = k.split(',').map(Number);
      over.append(svg('rect', { class: 'last', x: cx(c) + 1.5, y: cy(r) + 1.5, width: s - 3, height: s - 3 }));
    }
    // a dot on the cell of every one-cell move
    for (const m of legal) {
      if (m.cells && m.cells.length === 1) {
        const [x, y] = mid(m.cells[0]);
        over.append(svg('circle', { class: 'dot', cx: x, cy: y, r: Math.max(1.5, s * 0.1) }));
      }
    }
    // the winning moves: one .win-mark each, a cell or a line through its cells
    if ($('#show-wins').checked) {
      for (const m of legal) {
        if (!m.winning || !m.cells || m.cells.length === 0) continue;
        if (m.cells.length === 1) {
          const c = m.cells[0];
          over.append(svg('rect', { class: 'win-cell win-mark', x: cx(c.col), y: cy(c.row), width: s, height: s },
            svg('title', null, m.move)));
          continue;
        }
        const pts = m.cells.map(mid);
        over.append(svg('polyline', { class: 'win-line win-mark', points: pts.map(p => p.join(',')).join(' ') },
          svg('title', null, m.move)));
        const [x, y] = pts[pts.length - 1];
        over.append(svg('circle', { class: 'win-end', cx: x, cy: y, r: Math.max(2, s * 0.16) }));
      }
    }
    // the cells picked, and the other cells of the moves that contain them
    if (picked.length) {
      const at = new Set(picked.map(key));
      const targets = new Set();
      for (const m of candidates()) for (const c of m.cells) if (!at.has(key(c))) targets.add(key(c));
      for (const k of targets) {
        const [r, c] = k.split(',').map(Number);
        over.append(svg('rect', { class: 'target', x: cx(c), y: cy(r), width: s, height: s, 'data-r': r, 'data-c': c }));
      }
      for (const c of picked) over.append(svg('rect', { class: 'sel', x: cx(c.col) + 1.5, y: cy(c.row) + 1.5, width: s - 3, height: s - 3 }));
    }
    root.append(over);
  }
  root.addEventListener('focus', () => showCursor(root));
  root.addEventListener('blur', () => { const k = root.querySelector('.cursor'); if (k) k.remove(); });
  const hadFocus = host.contains(document.activeElement);
  host.replaceChildren(root);
  if (hadFocus) root.focus();
}

function drawLegend() {
  const lg = $('#legend');
  lg.textContent = '';
  if (!isBoard()) return;
  const map = styles();
  const board = shownBoard();
  const chars = [...map.keys()];
  for (const line of board || []) for (const ch of line) if (!chars.includes(ch)) chars.push(ch);
  for (const ch of chars) {
    const st = styleOf(map, ch);
    lg.append(swatch(st.fill, el('code', null, ch), st.meaning ? ` ${st.meaning}` : ''));
  }
  lg.append(swatch('#f2b705', 'winning move'));
  if (editMode()) lg.append(el('span', { class: 'small muted' }, `click a cell to cycle it through "${startChars().join('')}"`));
}

function swatch(fill, ...text) {
  const sw = el('span', { class: 'sw' });
  sw.style.background = fill;
  return el('span', null, sw, ...text);
}

// sideName names a player for people, with who plays it once known.
function sideName(s) {
  if (!s) return '';
  const base = s === 'first' || s === 'second' ? `the ${s} player` : s;
  if (humanSide === null || selfPlay) return base;
  return `${base} (${s === humanSide ? 'you' : 'the engine'})`;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function drawStatus() {
  const v = $('#verdict'), t = $('#turn');
  v.textContent = '';
  t.textContent = '';
  if (!pos) return;
  const wins = pos.legal_moves.filter(m => m.winning).length;
  const loopy = pos.value === undefined;
  if (!loopy) v.append(`${pos.cyclic ? 'Value' : 'Grundy value'} ${valueText(pos.value)} · `);
  v.append(el('span', { class: `badge ${pos.outcome}` }, pos.outcome), ' ');
  const who = sideName(pos.to_move);
  if (pos.over) {
    v.append('the game is over');
  } else if (pos.outcome === 'D') {
    v.append('neither player can force a win: a draw with best play');
  } else if (pos.outcome === 'N') {
    v.append(`${who} to move wins, with ${plural(wins, 'winning move')}` +
      (loopy ? ` (remoteness ${pos.remoteness}: the game lasts that many moves with best play)` : ''));
  } else {
    v.append(`${who} to move loses against perfect play` + (loopy ? ` (remoteness ${pos.remoteness})` : ''));
  }
  if (pos.over) t.textContent = `Game over: ${sideName(pos.to_move)} has no move left, so ${sideName(pos.winner)} wins.`;
  else t.textContent = `To move: ${who}. ${plural(pos.legal_moves.length, 'legal move')}.`;
}

// moveText says a move in a list: the move's words, after the part it is
// made in where the position has several and they are not drawn.
function moveText(m, parts) {
  if (isBoard() || !parts || parts.length < 2) return m.move;
  const p = parts[m.part];
  return `${noun()} ${m.part + 1}${p ? ` (${p.position})` : ''}: ${m.move}`;
}

// after says what a move leaves: the value, or in loopy games the outcome
// for its player.
function after(m) {
  if (m.value !== undefined) return `leaves value ${valueText(m.value)}` + (m.outcome === 'D' ? ', a draw' : '');
  const r = m.remoteness !== undefined ? `, remoteness ${m.remoteness}` : '';
  return { P: `wins${r}`, N: `loses${r}`, D: 'draws' }[m.outcome] || m.outcome;
}

function moveButton(m, i, cls) {
  const wins = $('#show-wins').checked && m.winning;
  return el('button', { type: 'button', class: cls + (wins ? ' win' : ''), 'data-i': i, title: after(m) },
    wins ? '★ ' : '', moveText(m, pos.parts), el('span', { class: 'muted small' }, ` (${after(m)})`));
}

// explained returns the explanation of legal move i of pos, when it came
// and lists the same moves.
function explained(i) {
  if (!why || why.position !== pos.position || why.moves.length !== pos.legal_moves.length) return null;
  const m = why.moves[i], l = pos.legal_moves[i];
  return m.part === l.part && m.move === l.move ? m : null;
}

function candidates() {
  if (!pos || !picked.length) return [];
  return pos.legal_moves.filter(m => picked.every(c => (m.cells || []).some(x => x.row === c.row && x.col === c.col)));
}

function drawCandidates() {
  const box = $('#candidates');
  const cands = pos && !pos.over && !editMode() ? candidates() : [];
  box.hidden = cands.length === 0;
  box.textContent = '';
  if (!cands.length) return;
  const where = picked.map(c => `row ${c.row + 1}, column ${c.col + 1}`).join('; ');
  box.append(el('p', { class: 'small' }, `${where}: ${plural(cands.length, 'move')}. Click another of their cells, or pick one:`));
  for (const m of cands) box.append(moveButton(m, pos.legal_moves.indexOf(m), 'cand'), ' ');
  box.append(el('button', { type: 'button', class: 'cancel' }, 'Cancel'));
}

function drawLegal() {
  const ul = $('#legal');
  ul.textContent = '';
  if (!pos) return;
  if (pos.over) { ul.append(el('li', { class: 'muted' }, 'No legal move: the game is over.')); return; }
  const shown = $('#show-wins').checked;
  const far = why ? Math.max(0, ...why.moves.map(m => m.remoteness || 0)) : 0;
  pos.legal_moves.forEach((m, i) => {
    const x = explained(i);
    if (!x || !shown) { ul.append(el('li', null, moveButton(m, i, 'move'))); return; }
    const b = el('button', { type: 'button', class: `move ${moveClass(x)}`, 'data-i': i, 'data-outcome': x.outcome,
      'data-value': x.value === null ? undefined : x.value, 'data-remoteness': x.remoteness === null ? undefined : x.remoteness },
      x.winning ? '★ ' : '', moveText(m, pos.parts), el('span', { class: 'small' }, ` (${moveAfter(x)})`));
    const bg = moveShade(x, far);
    if (bg) b.style.background = bg;
    ul.append(el('li', null, b));
  });
}


function drawMoves() {
  const ol = $('#moves');
  ol.textContent = '';
  moves.forEach((m, i) => {
    const who = engineIdx.has(i) ? 'engine' : 'you';
    const text = isBoard() ? m.move : `${noun()} ${m.part + 1}: ${m.move}`;
    ol.append(el('li', { class: who }, `${text} (${who})`));
  });
}

function updateButtons() {
  const board = !!shownBoard();
  $('#export-svg').hidden = $('#export-png').hidden = !board;
  $('#export-json').disabled = !pos;
  $('#export-csv').disabled = !why;
  $('#undo').disabled = marks.length === 0;
  $('#engine-move').disabled = !pos || pos.over || editMode();
  $('#new-game').disabled = !entry;
}

// ---- board input ----

function onBoardClick(e) {
  const t = e.target.closest('rect[data-r]');
  if (!t) return;
  act(Number(t.dataset.r), Number(t.dataset.c));
  const root = $('#board svg');
  if (root) root.focus({ preventScroll: true });
}

function onBoardKey(e) {
  if (!isBoard() || !grid) return;
  const rows = grid.length, cols = grid[0].length;
  const d = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
  if (d) {
    cursor = { r: Math.max(0, Math.min(rows - 1, cursor.r + d[0])), c: Math.max(0, Math.min(cols - 1, cursor.c + d[1])) };
    showCursor($('#board svg'));
    if (!editMode()) hoverWhere(cursor.r, cursor.c);
    e.preventDefault();
  } else if (e.key === 'Enter' || e.key === ' ') {
    act(cursor.r, cursor.c);
    e.preventDefault();
  } else if (e.key === 'Escape') {
    picked = [];
    draw();
  }
}

function showCursor(root) {
  const cell = root && root.querySelector(`rect.cell[data-r="${cursor.r}"][data-c="${cursor.c}"]`);
  if (!cell) return;
  let k = root.querySelector('.cursor');
  if (!k) { k = svg('rect', { class: 'cursor' }); root.append(k); }
  const s = Number(cell.getAttribute('width'));
  k.setAttribute('x', Number(cell.getAttribute('x')) + 1);
  k.setAttribute('y', Number(cell.getAttribute('y')) + 1);
  k.setAttribute('width', s - 2);
  k.setAttribute('height', s - 2);
}

// act is a click on the cell of row r, column c (0-based): in edit mode it
// cycles the cell through the legend's start characters; in play it picks
// the cell towards a move, played once one move alone contains every cell
// picked.
function act(r, c) {
  cursor = { r, c };
  if (editMode()) {
    if (!grid || !grid[r]) return;
    const a = startChars();
    if (!a.length) return;
    const next = a[(a.indexOf(grid[r][c]) + 1) % a.length];
    const b = grid.slice();
    b[r] = b[r].slice(0, c) + next + b[r].slice(c + 1);
    editGrid(b);
    return;
  }
  if (!pos || pos.over) return;
  setError('error', '');
  const here = { row: r, col: c };
  if (picked.some(p => p.row === r && p.col === c)) { // a second click drops the cell
    picked = picked.filter(p => p.row !== r || p.col !== c);
    draw();
    return;
  }
  picked.push(here);
  let cands = candidates();
  if (!cands.length && picked.length > 1) { // start again from this cell
    picked = [here];
    cands = candidates();
  }
  if (!cands.length) {
    picked = [];
    draw();
    const ch = (shownBoard() || [])[r]?.[c];
    const meaning = ch !== undefined ? styleOf(styles(), ch).meaning : '';
    setError('error', `Row ${r + 1}, column ${c + 1}${meaning ? ` (${meaning})` : ''}: no legal move uses this cell.`);
    return;
  }
  if (cands.length === 1) {
    picked = [];
    play(cands[0]);
    return;
  }
  draw();
}

// ---- heaps by hand ----

// heapGame says whether the position is drawn as heaps to click: a game of
// heaps (info.heaps) whose parts are numbers.
const heapGame = () => !!(entry && entry.info && entry.info.heaps && pos && pos.parts.every(p => /^\d+$/.test(p.position)));

// drawHeaps draws each heap as a button (a stack of tokens and its size);
// a click on one offers its moves in #heap-pick, with a box for the amount
// to take.
function drawHeaps() {
  const box = $('#heaps'), pick = $('#heap-pick');
  const on = heapGame() && !pos.over && !editMode();
  box.hidden = !on;
  pick.hidden = true;
  box.textContent = '';
  pick.textContent = '';
  if (!on) { heapSel = null; return; }
  if (heapSel !== null && heapSel >= pos.parts.length) heapSel = null;
  pos.parts.forEach((p, i) => {
    const n = Number(p.position);
    const count = pos.legal_moves.filter(m => m.part === i).length;
    const stack = el('span', { class: 'stack', 'aria-hidden': 'true' });
    for (let k = 0; k < Math.min(n, 24); k++) stack.append(el('span', { class: 'token' }));
    box.append(el('button', { type: 'button', class: 'heap' + (heapSel === i ? ' picked' : ''), 'data-part': i, 'aria-pressed': String(heapSel === i),
      'aria-label': `${noun()} ${i + 1}: ${plural(n, 'token')}, ${plural(count, 'move')}` }, stack, el('span', { class: 'n' }, n > 24 ? `${n} …` : String(n))));
  });
  if (heapSel === null) return;
  const n = Number(pos.parts[heapSel].position);
  const ms = pos.legal_moves.map((m, i) => [m, i]).filter(([m]) => m.part === heapSel);
  pick.hidden = false;
  pick.append(el('p', { class: 'small' }, `${noun()} ${heapSel + 1} (${plural(n, 'token')}): ${plural(ms.length, 'move')}.`));
  if (ms.some(([m]) => /^take \d+/.test(m.move))) {
    pick.append(el('form', { id: 'heap-form', class: 'row', novalidate: '' },
      el('label', { for: 'heap-take' }, 'Take'), el('input', { id: 'heap-take', type: 'number', min: 1, max: n, value: '', inputmode: 'numeric' }),
      el('button', { type: 'submit' }, 'Play')));
  }
  const list = el('div', { class: 'heap-moves' });
  for (const [m, i] of ms) list.append(moveButton(m, i, 'cand'), ' ');
  pick.append(list, el('p', { id: 'heap-msg', class: 'small', role: 'status' }));
}

// takeFromHeap plays "take N" from the heap picked, or says why not.
function takeFromHeap() {
  if (!pos || heapSel === null) return;
  const n = Number($('#heap-take').value);
  const ms = pos.legal_moves.filter(m => m.part === heapSel);
  const takes = [...new Set(ms.map(m => /^take (\d+)/.exec(m.move)).filter(Boolean).map(x => Number(x[1])))].sort((a, b) => a - b);
  const these = ms.filter(m => new RegExp(`^take ${n}\\b`).test(m.move));
  const msg = $('#heap-msg');
  if (!Number.isInteger(n) || n < 1) { msg.textContent = 'Type how many tokens to take: a whole number from 1.'; return; }
  if (these.length === 1) { play(these[0]); return; }
  if (these.length === 0) {
    const size = Number(pos.parts[heapSel].position);
    msg.textContent = n > size ? `${noun()} ${heapSel + 1} has only ${plural(size, 'token')}.`
      : `This game does not let you take ${n} from ${noun()} ${heapSel + 1}: ${takes.length ? `you may take ${takes.join(', ')}` : 'no amount may be taken'}.`;
    return;
  }
  msg.textContent = `Taking ${n} can be done ${these.length} ways: pick one of the moves marked.`;
  for (const b of $('#heap-pick').querySelectorAll('button[data-i]')) b.classList.toggle('hl', these.includes(pos.legal_moves[Number(b.dataset.i)]));
}

// ---- hover: a move of the list marked where it is made, and back ----

// hoverMove marks legal move i on the board (its cells) or its heap; null
// clears the marks.
function hoverMove(i) {
  for (const e of document.querySelectorAll('#board .hlc')) e.remove();
  for (const e of document.querySelectorAll('#heaps .hl')) e.classList.remove('hl');
  const m = i === null || !pos ? null : pos.legal_moves[i];
  if (!m) return;
  const root = $('#board svg');
  if (root) {
    for (const c of m.cells || []) {
      const r = root.querySelector(`rect.cell[data-r="${c.row}"][data-c="${c.col}"]`);
      if (r) root.append(svg('rect', { class: 'hlc', x: r.getAttribute('x'), y: r.getAttribute('y'), width: r.getAttribute('width'), height: r.getAttribute('height') }));
    }
  }
  $(`#heaps button[data-part="${m.part}"]`)?.classList.add('hl');
}

// hoverWhere marks the legal moves made on the cell (r, c), or on heap
// part when r is null; nothing marks nothing.
function hoverWhere(r, c, part) {
  for (const b of document.querySelectorAll('#legal button.hl')) b.classList.remove('hl');
  if (!pos || pos.over) return;
  pos.legal_moves.forEach((m, i) => {
    const on = r === undefined ? false : r === null ? m.part === part : (m.cells || []).some(x => x.row === r && x.col === c);
    if (on) $(`#legal button[data-i="${i}"]`)?.classList.add('hl');
  });
}

function setupHover() {
  const listHover = e => {
    const b = e.target.closest && e.target.closest('button[data-i]');
    hoverMove(b ? Number(b.dataset.i) : null);
  };
  for (const id of ['#legal', '#candidates']) {
    $(id).addEventListener('pointerover', listHover);
    $(id).addEventListener('focusin', listHover);
    $(id).addEventListener('pointerleave', () => hoverMove(null));
  }
  $('#board').addEventListener('pointerover', e => {
    const t = e.target.closest && e.target.closest('rect.cell[data-r]');
    if (t && !editMode()) hoverWhere(Number(t.dataset.r), Number(t.dataset.c));
  });
  $('#board').addEventListener('pointerleave', () => hoverWhere());
  const heapHover = e => {
    const b = e.target.closest && e.target.closest('button[data-part]');
    if (b) hoverWhere(null, null, Number(b.dataset.part));
  };
  $('#heaps').addEventListener('pointerover', heapHover);
  $('#heaps').addEventListener('focusin', heapHover);
  $('#heaps').addEventListener('pointerleave', () => hoverWhere());
  $('#heaps').addEventListener('click', e => {
    const b = e.target.closest('button[data-part]');
    if (!b) return;
    heapSel = Number(b.dataset.part) === heapSel ? null : Number(b.dataset.part);
    drawHeaps();
    $('#heap-take')?.focus();
  });
  $('#heap-pick').addEventListener('submit', e => {
    e.preventDefault();
    takeFromHeap();
  });
  $('#heap-pick').addEventListener('click', e => {
    const b = e.target.closest('button[data-i]');
    if (b && pos) play(pos.legal_moves[Number(b.dataset.i)]);
  });
}

init();
