// The partizan play page: a position of a partizan game analysed by POST
// /api/partizan/{game} (its canonical form and outcome, its parts', every
// move of Left and Right with the whole position it leaves, thermographs),
// the board drawn, the moves of the player to move marked by whether they
// win for the mover, and the game played by the positions the moves leave.
// Where the value is out of reach the server answers by a search of who
// wins instead: an outcome and marks but no canonical form or thermograph,
// and the page says which method answered.
// The state (game, position, who moves, who the computer is) lives in the
// URL: every move is a history entry, so Back takes it back.
import { api, el, svg, $, setError, drawThermograph } from './common.js';
import { download, svgText, svgPNG } from './share.js';

const SIDES = { left: 'Left', right: 'Right' };
const other = side => (side === 'left' ? 'right' : 'left');

// FIRST says who wins each outcome class (CGSuite's names, draws
// included) with Left and with Right moving first: null for a draw.
const FIRST = {
  L: ['left', 'left'], R: ['right', 'right'], N: ['left', 'right'], P: ['right', 'left'], D: [null, null],
  PHat: [null, 'left'], PCheck: ['right', null], NHat: ['left', null], NCheck: [null, 'right'],
};

// winner says who wins a position of outcome class o with side to move:
// null when play goes on for ever (a draw).
function winner(o, side) {
  const f = FIRST[o] || [side, side];
  return f[side === 'left' ? 0 : 1];
}

let games = []; // the partizan games of GET /api/games
let entry = null; // the chosen game's entry
let state = null; // {game, position, move, computer}
let shown = null; // the answer shown
let asked = 0; // the number of the latest request: older answers are dropped
let last = ''; // what the move that led here did, said with the turn

// readURL reads the state from the page's query.
function readURL() {
  const q = new URLSearchParams(location.search);
  const side = s => (s === 'left' || s === 'right' ? s : '');
  return { game: q.get('game') || '', position: q.get('position'), move: side(q.get('move')) || 'left', computer: side(q.get('computer')) };
}

// keep writes the state in the URL: a new history entry when push is set.
function keep(push) {
  const q = new URLSearchParams();
  q.set('game', state.game);
  q.set('position', state.position);
  q.set('move', state.move);
  if (state.computer) q.set('computer', state.computer);
  const url = '?' + q.toString();
  const depth = (history.state && history.state.depth) || 0;
  if (push) history.pushState({ depth: depth + 1 }, '', url);
  else history.replaceState({ depth }, '', url);
}

// ---- the board ----

const CELL = 30;

// cellStyle gives a board character its fill and ink from what the legend
// says it means; the character itself is written in the cell, so that
// colour is never the only sign.
function cellStyle(ch) {
  const s = ((entry && entry.info.legend) || []).find(x => x.char === ch);
  const m = s ? s.meaning : '';
  if (/only Left/.test(m)) return ['#dbe8fb', '#174a8b', ch];
  if (/only Right/.test(m)) return ['#f9dede', '#8f1d1d', ch];
  if (/Left's/.test(m)) return ['#1f5fa8', '#fff', ch];
  if (/Right's/.test(m)) return ['#a61b1b', '#fff', ch];
  if (/empty/.test(m) || ch === '.') return ['#fff', '#1d2327', ''];
  return ['#39414a', '#fff', ch === '#' ? '' : ch];
}

// partPicture returns [width, height, draw(g, x, y)] for a part's text, or
// null when the part is drawn as text only.
function partPicture(text) {
  if (entry.info.legend) {
    const rows = text.split(/[|\n/]/);
    const w = Math.max(...rows.map(r => r.length));
    if (w > 40 || rows.length > 40) return null;
    return [w * CELL, rows.length * CELL, (g, x0, y0) => {
      rows.forEach((r, i) => [...r].forEach((ch, j) => {
        const [fill, ink, shown] = cellStyle(ch);
        g.append(svg('rect', { class: 'cell', x: x0 + j * CELL, y: y0 + i * CELL, width: CELL, height: CELL, fill }));
        if (shown) g.append(svg('text', { x: x0 + j * CELL + CELL / 2, y: y0 + i * CELL + CELL / 2 + 5, 'text-anchor': 'middle', fill: ink, 'font-size': 15, 'font-weight': 700 }, shown));
      }));
    }];
  }
  const fox = /^(?:width (\d+) )?geese((?: \d+,\d+)*) fox (\d+),(\d+)$/.exec(text);
  if (fox) {
    // Fox and Geese: row 1 at the bottom, only squares with row + column
    // even in use; geese white, the fox red.
    const w = Number(fox[1] || 8);
    const geese = fox[2].trim() ? fox[2].trim().split(' ').map(q => q.split(',').map(Number)) : [];
    const f = [Number(fox[3]), Number(fox[4])];
    const h = Math.max(8, f[0], ...geese.map(q => q[0]));
    if (w > 24 || h > 24) return null;
    return [w * CELL, h * CELL, (g, x0, y0) => {
      for (let r = 1; r <= h; r++) for (let c = 1; c <= w; c++) {
        const x = x0 + (c - 1) * CELL, y = y0 + (h - r) * CELL;
        g.append(svg('rect', { class: 'cell', x, y, width: CELL, height: CELL, fill: (r + c) % 2 === 0 ? '#c9b48a' : '#f4ecd8' }));
        const goose = geese.some(q => q[0] === r && q[1] === c);
        if (goose || (f[0] === r && f[1] === c)) {
          g.append(svg('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 3, fill: goose ? '#ffffff' : '#a61b1b', stroke: '#1d2327', 'stroke-width': 1.5 }));
        }
      }
    }];
  }
  const cake = /^(\d+)x(\d+)$/.exec(text);
  if (cake) {
    const [r, c] = [Number(cake[1]), Number(cake[2])];
    if (r > 24 || c > 24) return null;
    const u = 16;
    return [c * u, r * u, (g, x0, y0) => {
      for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) g.append(svg('rect', { class: 'cell', x: x0 + j * u, y: y0 + i * u, width: u, height: u, fill: '#f3d9a4' }));
    }];
  }
  if (/^[LRG]+$/.test(text) && text.length <= 30) {
    // A Hackenbush stalk from the ground up: each edge its colour and its
    // letter.
    const u = 26;
    const colour = { L: '#1f5fa8', R: '#a61b1b', G: '#1d7a35' };
    return [40, text.length * u + 6, (g, x0, y0) => {
      const base = y0 + text.length * u;
      g.append(svg('line', { x1: x0, y1: base, x2: x0 + 40, y2: base, stroke: '#5b6570', 'stroke-width': 3 }));
      [...text].forEach((ch, i) => {
        const y1 = base - i * u;
        const y2 = y1 - u;
        g.append(svg('line', { x1: x0 + 14, y1, x2: x0 + 14, y2, stroke: colour[ch], 'stroke-width': 5, 'stroke-linecap': 'round' }));
        g.append(svg('circle', { cx: x0 + 14, cy: y2, r: 3, fill: '#1d2327' }));
        g.append(svg('text', { x: x0 + 24, y: (y1 + y2) / 2 + 4, 'font-size': 12, fill: '#1d2327' }, ch));
      });
    }];
  }
  return null;
}

// drawBoard returns the picture of the position: each part side by side,
// numbered when there are several; a part that has no picture as text.
function drawBoard(st) {
  const noun = entry.info.noun || 'part';
  if (st.parts.length === 0) return el('p', { class: 'muted' }, `No ${noun} is left: the empty position, 0.`);
  const pics = st.parts.map(p => partPicture(p.position));
  if (pics.some(p => p === null)) return el('pre', { class: 'position', id: 'board-text' }, st.parts.map(p => p.position).join(' + '));
  const gap = 24;
  const label = st.parts.length > 1 ? 18 : 0;
  // Each part as wide as its label at least, its picture centred.
  const widths = pics.map(p => Math.max(p[0], label ? 84 : 0));
  const W = widths.reduce((w, x) => w + x, 0) + gap * (pics.length - 1) + 2;
  const H = Math.max(...pics.map(p => p[1])) + label + 2;
  const root = svg('svg', { class: 'board', id: 'board-svg-pic', width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `${entry.name}: ${st.position || '0'}` });
  let x = 1;
  st.parts.forEach((p, i) => {
    const g = svg('g', { class: 'part' });
    pics[i][2](g, x + (widths[i] - pics[i][0]) / 2, 1);
    if (label) g.append(svg('text', { x: x + widths[i] / 2, y: H - 3, 'text-anchor': 'middle', 'font-size': 12, fill: '#5b6570' }, `${noun} ${i + 1}`));
    root.append(g);
    x += widths[i] + gap;
  });
  return root;
}

// ---- the analysis ----

// valued says whether the answer has canonical forms (else a search of
// who wins gave it).
const valued = st => st.method === 'canonical form' || st.method === 'loopy value' || (!st.method && st.canonical !== '');

// positions writes a count of positions with thousands separated.
const positions = n => `${Number(n).toLocaleString('en')} position${n === 1 ? '' : 's'}`;

// showMethod says which method answered and, for a search, how many of
// the mover's moves it left undecided.
function showMethod(st) {
  const moves = state.move === 'left' ? st.left_moves : st.right_moves;
  let text = st.method === 'loopy value' ? 'Answered by: the loopy value (positions repeat; play may go on for ever, a draw).' : 'Answered by: canonical form.';
  if (!valued(st)) {
    text = `Answered by: ${st.method || 'search'} (${positions(st.nodes || 0)}): the canonical form is out of reach, so a search of who wins marks the moves.`;
    const open = moves.filter(m => m.undecided).length;
    if (open) text += ` ${open} of ${SIDES[state.move]}'s moves not decided within the time limit.`;
  }
  $('#method').textContent = text;
}

function showValue(st) {
  const noun = entry.info.noun || 'part';
  const known = valued(st);
  const form = c => (known ? c : 'out of reach');
  const rows = [el('tr', null, el('th', { scope: 'row' }, 'the position'), el('td', { class: known ? 'mono' : 'muted', id: 'canonical' }, form(st.canonical)),
    el('td', null, el('span', { class: `badge ${st.outcome}`, id: 'outcome' }, st.outcome)))];
  if (st.parts.length > 1) {
    st.parts.forEach((p, i) => rows.push(el('tr', null, el('th', { scope: 'row' }, `${noun} ${i + 1} `, el('span', { class: 'mono small' }, p.position)),
      el('td', { class: known ? 'mono' : 'muted' }, form(p.canonical)), el('td', null))));
  }
  $('#value').replaceChildren(el('table', { class: 'data facts', id: 'parts' },
    el('thead', null, el('tr', null, el('th', { scope: 'col' }, 'of'), el('th', { scope: 'col' }, 'canonical form'), el('th', { scope: 'col' }, 'outcome'))),
    el('tbody', null, rows)),
  el('p', { class: 'small muted' }, 'Outcome: L Left wins, R Right wins (whoever starts), P the second player wins, N the first player wins; where positions repeat, D a draw, and PHat, PCheck, NHat, NCheck a win one way and a draw the other.'));
  const q = new URLSearchParams();
  for (const p of st.parts.length ? st.parts : [{ canonical: '0' }]) q.append('expr', p.canonical);
  $('#value-link').href = '/value?' + q.toString();
  $('#value-link').parentElement.hidden = !known;
}

function showThermograph() {
  const st = shown;
  if (!st) return;
  if (!st.thermograph) {
    const why = st.method === 'loopy value' ? 'its positions repeat (a loopy game has none here)' : 'the canonical form is out of reach';
    $('#thermograph').replaceChildren(el('p', { class: 'muted' }, `No thermograph: ${why}.`));
    $('#export-svg').disabled = true;
    $('#export-png').disabled = true;
    return;
  }
  const i = Number($('#thermo-of').value || -1);
  const th = i >= 0 && st.parts[i] ? st.parts[i].thermograph : st.thermograph;
  const title = i >= 0 && st.parts[i] ? st.parts[i].canonical : st.canonical;
  $('#thermograph').replaceChildren(drawThermograph(th, title));
  $('#export-svg').disabled = false;
  $('#export-png').disabled = false;
}

function showMoves(st) {
  const side = state.move;
  const moves = side === 'left' ? st.left_moves : st.right_moves;
  const noun = entry.info.noun || 'part';
  const list = $('#moves');
  if (moves.length === 0) {
    list.replaceChildren(el('li', { class: 'muted' }, `${SIDES[side]} has no move.`));
    return;
  }
  const computerMoves = state.computer === side;
  const mark = m => (m.undecided ? ['mv-open', '? not decided'] : m.wins ? ['mv-win', '✓ wins'] : m.draws ? ['mv-open', '= draws'] : ['mv-lose', '✗ loses']);
  list.replaceChildren(...moves.map((m, i) => el('li', null,
    el('button', { type: 'button', class: `move ${mark(m)[0]}`, 'data-i': i, disabled: computerMoves },
      el('strong', null, mark(m)[1]), ' ',
      st.parts.length > 1 ? `in ${noun} ${m.part + 1}: ` : '',
      'leaves ', el('span', { class: 'mono' }, m.leaves),
      ...(m.canonical ? [', value ', el('span', { class: 'mono' }, m.canonical)] : []),
      m.outcome ? el('span', { class: 'small' }, ` (${m.outcome})`) : ''))));
}

function showTurn(st) {
  const side = state.move;
  const moves = side === 'left' ? st.left_moves : st.right_moves;
  const who = s => `${SIDES[s]}${state.computer === s ? ' (the computer)' : ''}`;
  if (moves.length === 0) {
    $('#turn').textContent = `${who(side)} to move has no move: ${who(other(side))} wins.${last}`;
    return;
  }
  const w = winner(st.outcome, side);
  const why = valued(st) ? `value ${st.canonical}, outcome ${st.outcome}` : `outcome ${st.outcome}, by a search of who wins`;
  const result = w ? `${who(w)} wins with perfect play` : 'With perfect play the game goes on for ever: a draw';
  $('#turn').textContent = `${who(side)} to move. ${result} (${why}).${last}`;
}

// show analyses the state's position and draws it; when the computer is to
// move, it plays its move: a winning one if it has one, else a drawing
// one, else its first.
async function show() {
  const n = ++asked;
  setError('error', '');
  $('#back').disabled = ((history.state && history.state.depth) || 0) < backSteps();
  try {
    const st = await api(`/api/partizan/${encodeURIComponent(state.game)}`, { position: state.position, move: state.move });
    if (n !== asked) return;
    shown = st;
    $('#board').replaceChildren(drawBoard(st));
    $('#board-svg').disabled = !$('#board svg');
    showTurn(st);
    showMethod(st);
    showMoves(st);
    showValue(st);
    const noun = entry.info.noun || 'part';
    const sel = $('#thermo-of');
    sel.replaceChildren(el('option', { value: '-1' }, 'the whole position'),
      ...(st.parts.length > 1 && st.thermograph ? st.parts.map((p, i) => el('option', { value: String(i) }, `${noun} ${i + 1} (${p.canonical})`)) : []));
    sel.disabled = !st.thermograph;
    showThermograph();
    const moves = state.move === 'left' ? st.left_moves : st.right_moves;
    if (state.computer === state.move && moves.length > 0) {
      // A winning move; else a drawing one; else one the search left
      // undecided, which may win.
      playMove(moves.find(m => m.wins) || moves.find(m => m.draws) || moves.find(m => m.undecided) || moves[0]);
    }
  } catch (e) {
    if (n !== asked) return;
    shown = null;
    for (const id of ['#board', '#moves', '#thermograph', '#thermo-of']) $(id).replaceChildren();
    $('#value').replaceChildren();
    $('#turn').textContent = '';
    $('#method').textContent = '';
    for (const id of ['#export-svg', '#export-png', '#board-svg']) $(id).disabled = true;
    setError('error', e.message);
  }
}

// backSteps is how many history entries "Take back" goes back: two when
// the computer answered the move taken back, so that the position reached
// is the human's to move again (one where the computer is to move would
// have it play again at once).
function backSteps() {
  return state.computer && state.computer !== state.move ? 2 : 1;
}

function playMove(m) {
  const noun = entry.info.noun || 'part';
  const where = shown && shown.parts.length > 1 ? ` in ${noun} ${m.part + 1}` : '';
  last = ` (${SIDES[state.move]}${state.computer === state.move ? ', the computer,' : ''} played${where}, leaving ${m.leaves}.)`;
  state = { ...state, position: m.position, move: other(state.move) };
  keep(true);
  show();
}

// ---- the form ----

function chooseGame(name) {
  entry = games.find(g => g.name === name) || games[0];
  $('#game').value = entry.name;
  $('#game-desc').textContent = entry.summary;
  $('#format').textContent = `Format: ${entry.format}. Example: ${entry.example_position}`;
}

function fromForm() {
  return {
    game: entry.name,
    position: $('#position').value.replace(/\r/g, '').trim(),
    move: $('#first-right').checked ? 'right' : 'left',
    computer: $('#computer').value,
  };
}

function toForm() {
  $('#position').value = state.position;
  $('#first-left').checked = state.move === 'left';
  $('#first-right').checked = state.move === 'right';
  $('#computer').value = state.computer;
}

function start() {
  last = '';
  state = fromForm();
  keep(true);
  show();
}

function fileName(kind) {
  const s = `${state.game}-${state.position}`.replace(/[^A-Za-z0-9.#+\-]+/g, '_').slice(0, 60);
  return `${kind}-${s}`;
}

async function init() {
  try {
    games = (await api('/api/games')).filter(g => g.info && g.info.kind === 'partizan');
  } catch (e) {
    setError('error', e.message);
    return;
  }
  if (games.length === 0) {
    setError('error', 'this server has no partizan game');
    return;
  }
  $('#game').replaceChildren(...games.map(g => el('option', { value: g.name }, g.name)));
  const fromURL = readURL();
  chooseGame(fromURL.game);
  state = { ...fromURL, game: entry.name, position: fromURL.position !== null && fromURL.game === entry.name ? fromURL.position : entry.example_position };
  toForm();
  keep(false);

  $('#form').addEventListener('submit', e => {
    e.preventDefault();
    start();
  });
  $('#game').addEventListener('change', () => {
    chooseGame($('#game').value);
    $('#position').value = entry.example_position;
    start();
  });
  $('#example').addEventListener('click', () => {
    $('#position').value = entry.example_position;
    start();
  });
  $('#back').addEventListener('click', () => history.go(-backSteps()));
  $('#moves').addEventListener('click', e => {
    const b = e.target.closest('button[data-i]');
    if (!b || !shown || b.disabled) return;
    const moves = state.move === 'left' ? shown.left_moves : shown.right_moves;
    playMove(moves[Number(b.dataset.i)]);
  });
  $('#thermo-of').addEventListener('change', showThermograph);
  window.addEventListener('popstate', () => {
    last = '';
    const s = readURL();
    chooseGame(s.game);
    state = { ...s, game: entry.name, position: s.position === null ? entry.example_position : s.position };
    toForm();
    show();
  });
  $('#export-svg').addEventListener('click', () => {
    const p = $('#thermograph svg');
    if (p) download(`${fileName('thermograph')}.svg`, svgText(p), 'image/svg+xml');
  });
  $('#export-png').addEventListener('click', async () => {
    const p = $('#thermograph svg');
    if (!p) return;
    try {
      download(`${fileName('thermograph')}.png`, await svgPNG(p));
    } catch (e) {
      $('#share-status').textContent = e.message;
    }
  });
  $('#board-svg').addEventListener('click', () => {
    const p = $('#board svg');
    if (p) download(`${fileName('board')}.svg`, svgText(p), 'image/svg+xml');
  });
  show();
}

init();
