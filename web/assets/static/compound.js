// The compound page: one of Conway's twelve compounds of knight positions,
// subtraction heaps or positions of any game of GET /api/games, decided by
// POST /api/compound.
import { api, el, svg, $, setError } from './common.js';

const NAMES = {
  'one/long': 'disjunctive compound', 'one/short': 'diminished disjunctive compound',
  'all/long': 'continued conjunctive compound', 'all/short': 'conjunctive compound',
  'some/long': 'selective compound', 'some/short': 'shortened selective compound',
  'not-all/long': 'variant: move in at least one component but not all',
};

const MOVE_TEXT = {
  one: 'the player to move plays in exactly one component',
  all: 'the player to move plays in every component that has not ended',
  some: 'the player to move plays in any non-empty set of components',
  'not-all': 'the player to move plays in a non-empty set of components that is not all of them',
};

// The invariant columns of the result table, and which of them each rule looks at.
const COLUMNS = [
  ['grundy', 'G'], ['grundy_misere', 'G⁻'], ['remoteness', 'R'], ['remoteness_misere', 'R⁻'],
  ['suspense', 'S'], ['suspense_misere', 'S⁻'], ['w', 'w'], ['w_misere', 'w⁻'], ['tame', 'tame'], ['ended', 'ended'],
];
function deciding(move, end, play) {
  const m = play === 'misere';
  if (move === 'one' && end === 'long') return m ? ['grundy', 'grundy_misere', 'tame'] : ['grundy'];
  if (move === 'all') return end === 'long' ? [m ? 'suspense_misere' : 'suspense'] : [m ? 'remoteness_misere' : 'remoteness'];
  if (end === 'short') return [m ? 'w_misere' : 'w'];
  if (move === 'some') return m ? ['grundy', 'grundy_misere', 'ended'] : ['grundy'];
  return ['grundy'];
}

const radio = name => document.querySelector(`input[name="${name}"]:checked`).value;
const isKnights = () => radio('game') === 'knights';
const isGame = () => radio('game') === 'game';
let games = []; // the impartial games of GET /api/games that end (not loopy, not partizan)

function ruleChanged() {
  const move = radio('move');
  const notAll = move === 'not-all';
  // the variant is defined with long ending and normal play only
  for (const inp of document.querySelectorAll('input[name="end"], input[name="play"]')) {
    inp.disabled = notAll && inp.value !== 'long' && inp.value !== 'normal';
  }
  if (notAll) {
    document.querySelector('input[name="end"][value="long"]').checked = true;
    document.querySelector('input[name="play"][value="normal"]').checked = true;
  }
  const end = radio('end'), play = radio('play');
  const name = NAMES[`${move}/${end}`];
  $('#rule-name').textContent = `${name}, ${play === 'misere' ? 'misère' : 'normal'} play: ${MOVE_TEXT[move]}; ` +
    `the compound ends when ${end === 'long' ? 'every component has ended' : 'any component has ended'}; ` +
    `the player who cannot move ${play === 'misere' ? 'wins' : 'loses'}.`;
  for (const tr of document.querySelectorAll('#rules tbody tr')) {
    tr.classList.toggle('hl', tr.dataset.rule === `${move}/${end}`);
  }
}

function gameChanged() {
  const k = isKnights(), g = isGame();
  $('#knights-opts').hidden = !k;
  $('#sub-opts').hidden = k || g;
  $('#game-opts').hidden = !g;
  $('#pick-help').hidden = !k;
  $('#comp-help').textContent = k
    ? 'Squares row,col (1-based) or position numbers (row−1)·N + (col−1), separated by spaces'
    : g ? 'Positions in the game\'s text form, separated by ";" (a board\'s rows joined by "/")'
      : 'Heap sizes, separated by spaces or commas';
  const v = $('#components').value.trim();
  if (k && (v === '' || !v.includes(','))) $('#components').value = '3,3 5,6';
  if (!k && !g && (v === '' || v.includes(',') || v.includes(';'))) $('#components').value = '7 5 3';
  if (g) {
    $('#components').value = exampleOf($('#game-name').value.trim()) || (v.includes(';') ? v : '5; 7; 9');
    showFormat();
  }
  drawPicker();
}

// exampleOf returns the example position of the game played by name, its
// line breaks written as "/", or '' for a game the list does not name.
function exampleOf(name) {
  const e = games.find(e => (e.family ? e.example : e.name) === name);
  return e ? e.example_position.trim().replace(/\n/g, '/') : '';
}

function showFormat() {
  const name = $('#game-name').value.trim();
  const e = games.find(e => (e.family ? e.example : e.name) === name);
  $('#game-format').textContent = e ? `${e.summary}. Positions: ${e.format}.`
    : 'a game of the Play page by name, e.g. 0.77, sub:2,5, wythoff, node-kayles';
}

async function listGames() {
  try {
    games = (await api('/api/games')).filter(e => e.info.kind === 'impartial');
  } catch (e) {
    return; // the name is typed then
  }
  $('#game-names').replaceChildren(...games.map(e => el('option', { value: e.family ? e.example : e.name }, e.summary)));
  if (isGame()) showFormat();
}

function size() {
  const n = Math.floor(Number($('#size').value));
  return Number.isFinite(n) && n >= 1 ? n : 8;
}

// components reads the components field: knights squares as {row, col}
// (0-based) or integers, heaps as integers.
function components() {
  const text = $('#components').value.trim();
  if (!text) throw new Error('give at least one component');
  if (isGame()) return text.split(';').map(s => s.trim().replace(/\//g, '\n')).filter(Boolean);
  if (isKnights()) {
    return text.split(/\s+/).map((tok, i) => {
      const m = /^(\d+)\s*,\s*(\d+)$/.exec(tok);
      if (m) return { row: Number(m[1]) - 1, col: Number(m[2]) - 1 };
      if (/^\d+$/.test(tok)) return Number(tok);
      throw new Error(`component ${i + 1}: "${tok}" is not row,col or a position number`);
    });
  }
  return text.split(/[\s,]+/).filter(Boolean).map((tok, i) => {
    if (!/^\d+$/.test(tok)) throw new Error(`component ${i + 1}: "${tok}" is not a heap size`);
    return Number(tok);
  });
}

function squares() {
  // the components that are squares, 0-based, for the picker
  let cs;
  try { cs = components(); } catch (e) { return []; }
  const n = size();
  return cs.map(c => (typeof c === 'number' ? { row: Math.floor(c / n), col: c % n } : c));
}

let lastMove = null; // the winning move of the last answer, for the picker

function drawPicker() {
  const host = $('#picker');
  if (!isKnights() || size() > 40) {
    host.replaceChildren(isKnights() ? el('p', { class: 'small muted' }, 'The board is too large to pick on; type the squares.') : '');
    return;
  }
  const n = size();
  const s = Math.max(12, Math.min(34, Math.floor(320 / n)));
  const off = 18;
  const W = off + n * s + 2;
  const root = svg('svg', { class: 'board', width: W, height: W, viewBox: `0 0 ${W} ${W}`, role: 'group',
    'aria-label': `knight board ${n} x ${n}: click a square to add a component` });
  for (let i = 0; i < n; i++) {
    if (s >= 14 || i % 5 === 4 || i === 0) {
      root.append(svg('text', { x: off + i * s + s / 2, y: off - 5, 'text-anchor': 'middle', 'font-size': 10 }, i + 1));
      root.append(svg('text', { x: off - 4, y: off + i * s + s / 2 + 4, 'text-anchor': 'end', 'font-size': 10 }, i + 1));
    }
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const ended = r < 2 && c < 2; // the seed's knight has no move in the top-left 2 x 2 corner
      const cell = svg('rect', { class: 'cell clickable', x: off + c * s, y: off + r * s, width: s, height: s,
        fill: ended ? '#eceff2' : ((r + c) % 2 ? '#f7f3ea' : '#ffffff'), 'data-r': r, 'data-c': c });
      cell.append(svg('title', null, `row ${r + 1}, column ${c + 1}${ended ? ' (no move)' : ''}`));
      root.append(cell);
    }
  }
  const at = new Map();
  squares().forEach((q, i) => {
    if (q.row < 0 || q.row >= n || q.col < 0 || q.col >= n) return;
    const key = `${q.row},${q.col}`;
    at.set(key, [...(at.get(key) || []), i + 1]);
  });
  for (const [key, list] of at) {
    const [r, c] = key.split(',').map(Number);
    root.append(svg('circle', { cx: off + c * s + s / 2, cy: off + r * s + s / 2, r: s * 0.42, fill: '#1f5fa8', 'pointer-events': 'none' }));
    root.append(svg('text', { x: off + c * s + s / 2, y: off + r * s + s / 2 + 4, 'text-anchor': 'middle', 'font-size': list.length > 1 ? 9 : 11, fill: '#fff' }, list.join(',')));
  }
  if (lastMove && lastMove.size === n) {
    const from = squares();
    for (const i of lastMove.moved) {
      const p = lastMove.next[i], q = from[i];
      if (!q) continue;
      const tr = Math.floor(p / n), tc = p % n;
      root.append(svg('line', { class: 'win-line', x1: off + q.col * s + s / 2, y1: off + q.row * s + s / 2, x2: off + tc * s + s / 2, y2: off + tr * s + s / 2 }));
      root.append(svg('circle', { class: 'win-cell', cx: off + tc * s + s / 2, cy: off + tr * s + s / 2, r: s * 0.25 }));
    }
  }
  host.replaceChildren(root);
}

function pick(e) {
  const t = e.target.closest('rect[data-r]');
  if (!t) return;
  const tok = `${Number(t.dataset.r) + 1},${Number(t.dataset.c) + 1}`;
  const v = $('#components').value.trim();
  $('#components').value = v ? `${v} ${tok}` : tok;
  lastMove = null;
  drawPicker();
  decide();
}

let reqId = 0;
async function decide(e) {
  if (e) e.preventDefault();
  setError('error', '');
  const move = radio('move'), end = radio('end'), play = radio('play');
  let comps;
  try { comps = components(); } catch (err) {
    $('#result').replaceChildren(el('p', { class: 'muted' }, 'No result: see the error above.'));
    setError('error', err.message);
    return;
  }
  const body = { rule: { move, end, play }, components: comps };
  if (isKnights()) {
    body.game = { type: 'knights', size: size() };
  } else if (isGame()) {
    body.game = { type: 'game', name: $('#game-name').value.trim() };
  } else {
    body.game = { type: 'subtraction', set: $('#set').value.trim(), to: Math.max(0, ...comps) };
  }
  const id = ++reqId;
  let ans;
  try {
    ans = await api('/api/compound', body);
  } catch (err) {
    if (id !== reqId) return;
    // no stale result next to the error
    $('#result').replaceChildren(el('p', { class: 'muted' }, 'No result: see the error above.'));
    lastMove = null;
    drawPicker();
    setError('error', err.message);
    return;
  }
  if (id !== reqId) return;
  lastMove = ans.winning_move && isKnights() ? { ...ans.winning_move, size: size() } : null;
  drawPicker();
  render(ans, deciding(move, end, play));
}

function render(ans, cols) {
  const out = $('#result');
  out.textContent = '';
  const first = ans.winner === 'first';
  out.append(el('p', { class: 'status', id: 'outcome' },
    el('span', { class: `badge ${ans.outcome}` }, ans.outcome), ' ',
    first ? 'the player to move (first player) wins' : 'the player to move loses: the second player wins'));
  out.append(el('p', null, el('strong', null, ans.name || ''), ans.rule ? ` (${ans.rule})` : ''));
  if (ans.invariant) out.append(el('p', null, 'Decided by: ', ans.invariant, ans.combined ? `; ${ans.combined}` : ''));

  const head = el('tr', null, el('th', { scope: 'col' }, '#'), el('th', { scope: 'col' }, 'position'),
    el('th', { scope: 'col', title: 'the value of the deciding invariant' }, 'value'),
    COLUMNS.map(([k, label]) => el('th', { scope: 'col', class: cols.includes(k) ? 'dec' : null }, label)));
  const rows = (ans.components || []).map((c, i) => el('tr', null,
    el('td', { class: 'num' }, i + 1),
    el('td', null, c.name !== undefined ? c.name : c.position),
    el('td', { class: 'num dec' }, c.value),
    COLUMNS.map(([k]) => {
      const v = c[k];
      return el('td', { class: (typeof v === 'boolean' ? '' : 'num') + (cols.includes(k) ? ' dec' : '') },
        typeof v === 'boolean' ? (v ? 'yes' : 'no') : v);
    })));
  const table = el('table', { class: 'data', id: 'invariants' }, el('thead', null, head), el('tbody', null, rows));
  // A table wider than the screen scrolls inside its region, which the
  // keyboard can reach.
  out.append(el('h3', { id: 'h-components' }, 'Components'),
    el('div', { class: 'board-wrap', tabindex: 0, role: 'region', 'aria-labelledby': 'h-components' }, table));
  out.append(el('p', { class: 'small muted' }, 'Highlighted columns are the invariants this rule looks at; ',
    '"value" is each component\'s value as the decision used it.'));

  out.append(el('h3', null, 'Winning move'));
  const w = ans.winning_move;
  if (w) {
    const moved = (w.moved || []).map(i => i + 1);
    const names = w.names || w.next || [];
    const noun = isKnights() ? 'knight' : isGame() ? 'component' : 'heap';
    const changes = (w.moved || []).map(i => `${noun} ${i + 1} from ${(ans.components[i] || {}).name} to ${names[i]}`);
    const list = changes.length > 1 ? `${changes.slice(0, -1).join(', ')} and ${changes[changes.length - 1]}` : changes[0];
    out.append(el('p', { id: 'winning-move' }, `${isKnights() || isGame() ? 'Move' : 'Reduce'} ${list}`,
      moved.length > 1 ? ` (${moved.length} components at once)` : '', '. ',
      el('span', { class: 'muted' }, `The compound is then (${names.join(', ')}).`)));
  } else if (ans.outcome === 'N') {
    out.append(el('p', { id: 'winning-move' }, 'None needed: the player to move cannot move, and under misère play that wins.'));
  } else {
    out.append(el('p', { id: 'winning-move' }, 'None: every move leaves a position the opponent wins.'));
  }
}

for (const inp of document.querySelectorAll('input[name="move"], input[name="end"], input[name="play"]')) {
  inp.addEventListener('change', () => { ruleChanged(); decide(); });
}
for (const inp of document.querySelectorAll('input[name="game"]')) {
  inp.addEventListener('change', () => { lastMove = null; gameChanged(); decide(); });
}
$('#size').addEventListener('change', () => { lastMove = null; drawPicker(); decide(); });
$('#set').addEventListener('change', () => decide());
$('#game-name').addEventListener('change', () => {
  const ex = exampleOf($('#game-name').value.trim());
  if (ex) $('#components').value = ex;
  showFormat();
  decide();
});
$('#components').addEventListener('change', () => { lastMove = null; drawPicker(); });
$('#form').addEventListener('submit', decide);
$('#clear').addEventListener('click', () => { $('#components').value = ''; lastMove = null; drawPicker(); $('#result').textContent = ''; });
$('#picker').addEventListener('click', pick);
ruleChanged();
gameChanged();
decide();
listGames();
