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
// The explorer: every option of Left's and Right's is a link, drawn as the
// board it leaves, that makes it the position shown (the other player to
// move); every step, a move played or an option followed, is a crumb of
// the path (trail.js), in the URL as &trail=...&ahead=..., each crumb
// "side:position".
import { api, apiOrError, el, svg, $, setError, drawThermograph, familyOf, playName } from './common.js';
import { saveSVG, pictureDownloads } from './share.js';
import { readTrail, writeTrail, into, jump, breadcrumb } from './trail.js';

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
let gameName = ''; // the game played: the entry's name or a family member's
let state = null; // {game, position, move, computer}
let shown = null; // the answer shown
let asked = 0; // the number of the latest request: older answers are dropped
let last = ''; // what the move that led here did, said with the turn
let trail = { past: [], here: '', ahead: [] }; // the explorer's path, crumbs "side:position"

// crumb is the trail's form of a state: who moves, and the position.
const crumb = st => `${st.move}:${st.position}`;

// fromCrumb reads a crumb back into the state's move and position.
function fromCrumb(c) {
  const i = c.indexOf(':');
  const move = c.slice(0, i) === 'right' ? 'right' : 'left';
  return { move, position: c.slice(i + 1) };
}

// readURL reads the state from the page's query.
function readURL() {
  const q = new URLSearchParams(location.search);
  const side = s => (s === 'left' || s === 'right' ? s : '');
  return { game: q.get('game') || '', position: q.get('position'), move: side(q.get('move')) || 'left', computer: side(q.get('computer')) };
}

// keep writes the state in the URL: a new history entry when push is set.
function keep(push) {
  const url = urlOf(state, trail);
  const depth = (history.state && history.state.depth) || 0;
  if (push) history.pushState({ depth: depth + 1 }, '', url);
  else history.replaceState({ depth }, '', url);
}

// urlOf is the page's URL of state st with the path t.
function urlOf(st, t) {
  const q = new URLSearchParams();
  q.set('game', st.game);
  q.set('position', st.position);
  q.set('move', st.move);
  if (st.computer) q.set('computer', st.computer);
  writeTrail(q, t);
  return '?' + q.toString();
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
    return [w * CELL, rows.length * CELL, (g, x0, y0, p) => {
      rows.forEach((r, i) => [...r].forEach((ch, j) => {
        const [fill, ink, shown] = cellStyle(ch);
        g.append(svg('rect', { class: 'cell', x: x0 + j * CELL, y: y0 + i * CELL, width: CELL, height: CELL, fill, 'data-key': `${p}:${i},${j}`, 'data-ch': ch }));
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
    // The used squares are the hand layer's targets, keyed by the game's
    // cells: square r,c is "<part>:<r-1>,<c-1>", row 0 at the bottom.
    return [w * CELL, h * CELL, (g, x0, y0, p) => {
      for (let r = 1; r <= h; r++) for (let c = 1; c <= w; c++) {
        const x = x0 + (c - 1) * CELL, y = y0 + (h - r) * CELL;
        const used = (r + c) % 2 === 0;
        const goose = geese.some(q => q[0] === r && q[1] === c);
        const piece = goose ? 'goose' : f[0] === r && f[1] === c ? 'fox' : '';
        const at = used ? { 'data-key': `${p}:${r - 1},${c - 1}`, 'data-ch': piece } : {};
        g.append(svg('rect', { class: 'cell', x, y, width: CELL, height: CELL, fill: used ? '#c9b48a' : '#f4ecd8', ...at }));
        if (piece) {
          g.append(svg('circle', { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 3, fill: goose ? '#ffffff' : '#a61b1b', stroke: '#1d2327', 'stroke-width': 1.5, 'pointer-events': 'none' }));
        }
      }
    }];
  }
  const cake = /^(\d+)x(\d+)$/.exec(text);
  if (cake) {
    const [r, c] = [Number(cake[1]), Number(cake[2])];
    if (r > 24 || c > 24) return null;
    const u = 24;
    return [c * u, r * u, (g, x0, y0, p) => {
      for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) g.append(svg('rect', { class: 'cell', x: x0 + j * u, y: y0 + i * u, width: u, height: u, fill: '#f3d9a4' }));
      // The cut lines, Left's between columns and Right's between rows:
      // each a target of the hand layer, keyed v<column> / h<row> (the
      // cut along the right / bottom side of that column / row).
      for (let j = 1; j < c; j++) g.append(svg('line', { class: 'cut cut-v', x1: x0 + j * u, y1: y0, x2: x0 + j * u, y2: y0 + r * u, 'data-key': `${p}:v${j - 1}` }));
      for (let i = 1; i < r; i++) g.append(svg('line', { class: 'cut cut-h', x1: x0, y1: y0 + i * u, x2: x0 + c * u, y2: y0 + i * u, 'data-key': `${p}:h${i - 1}` }));
    }];
  }
  if (/^[LRG]+$/.test(text) && text.length <= 30) {
    // A Hackenbush stalk from the ground up: each edge its colour and its
    // letter.
    const u = 26;
    const colour = { L: '#1f5fa8', R: '#a61b1b', G: '#1d7a35' };
    return [40, text.length * u + 6, (g, x0, y0, p) => {
      const base = y0 + text.length * u;
      g.append(svg('line', { x1: x0, y1: base, x2: x0 + 40, y2: base, stroke: '#5b6570', 'stroke-width': 3 }));
      [...text].forEach((ch, i) => {
        const y1 = base - i * u;
        const y2 = y1 - u;
        g.append(svg('line', { class: 'edge', x1: x0 + 14, y1, x2: x0 + 14, y2, stroke: colour[ch], 'stroke-width': 6, 'stroke-linecap': 'round', 'data-key': `${p}:${i},0`, 'data-ch': ch }));
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
  return picture(st.parts.map(p => p.position), st.position, false);
}

// picture draws the parts texts of the position text: full size with the
// board's ids, or small (mini) for an option.
function picture(texts, text, mini) {
  const noun = entry.info.noun || 'part';
  if (texts.length === 0) return el('p', { class: 'muted' }, mini ? '0 (nothing left)' : `No ${noun} is left: the empty position, 0.`);
  const pics = texts.map(partPicture);
  if (pics.some(p => p === null)) return el('pre', { class: 'position', id: mini ? undefined : 'board-text' }, texts.join(' + '));
  const gap = 24;
  const label = texts.length > 1 ? 18 : 0;
  // Each part as wide as its label at least, its picture centred.
  const widths = pics.map(p => Math.max(p[0], label ? 84 : 0));
  const W = widths.reduce((w, x) => w + x, 0) + gap * (pics.length - 1) + 2;
  const H = Math.max(...pics.map(p => p[1])) + label + 2;
  const k = mini ? 0.5 : 1;
  const root = svg('svg', { class: mini ? 'board mini' : 'board', id: mini ? undefined : 'board-svg-pic', width: W * k, height: H * k, viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `${entry.name}: ${text || '0'}` });
  let x = 1;
  texts.forEach((p, i) => {
    const g = svg('g', { class: 'part' });
    pics[i][2](g, x + (widths[i] - pics[i][0]) / 2, 1, i);
    if (label) g.append(svg('text', { x: x + widths[i] / 2, y: H - 3, 'text-anchor': 'middle', 'font-size': 12, fill: '#5b6570' }, `${noun} ${i + 1}`));
    root.append(g);
    x += widths[i] + gap;
  });
  return root;
}


// ---- moves by hand ----
//
// The server sends each move of each side as the cells a player points at
// (the answer's "hand", asked for with "cells": true). Every target on the
// board (a cell, a cut line, an edge) has a data-key "<part>:<row>,<col>"
// (a cut: "<part>:v<col>" or "<part>:h<row>"); a hand move is the keys
// pointed at in order, one or more. The keys pointed at so far are picked:
// the moves they begin are the candidates, whose next keys are shown as
// targets. A move is played as soon as the keys picked make it (or the
// candidates all go on alike, so that the rest is no choice): one key for
// Col, a cut or an edge; a stone then where it goes (a click on each, or
// a drag); Amazons' amazon, where it goes, then where its arrow lands.
// Escape, or a click on the last key picked, takes it back. Illegal
// points are explained in #hand-msg.

let picked = []; // the keys pointed at towards a move, in order
let drag = null; // the key a pointer went down on
let dragged = false; // a drag made a move: the click that follows is ignored

// handKeys returns the keys of a hand move, in the order pointed at.
function handKeys(h) {
  if (h.cut) return [`${h.part}:${h.cut[0]}${h.cut === 'vertical' ? h.cells[0].col : h.cells[0].row}`];
  return h.cells.map(c => `${h.part}:${c.row},${c.col}`);
}

// sideHand returns the hand moves of the side to move, each with its keys
// and whether the order of its keys matters (not for a domino).
function sideHand() {
  if (!shown || !shown.hand) return [];
  const free = state.game === 'domineering';
  return (state.move === 'left' ? shown.hand.left : shown.hand.right).map(h => ({ ...h, keys: handKeys(h), free }));
}

// following returns the hand moves that pointing at keys, in order,
// begins (a free move's keys in any order, each once).
const following = (hand, keys) => hand.filter(h => keys.length <= h.keys.length && (h.free
  ? new Set(keys).size === keys.length && keys.every(k => h.keys.includes(k))
  : keys.every((k, i) => h.keys[i] === k)));

// starting returns the hand moves that a first point at key begins.
const starting = (hand, key) => following(hand, [key]);

// nextKeys returns the keys that may be pointed at after keys towards
// the moves ms they begin: each move's next key (a free move's every
// other key), once each.
const nextKeys = (ms, keys) => [...new Set(ms.flatMap(h => (h.free ? h.keys.filter(k => !keys.includes(k)) : [h.keys[keys.length]])))];

// place says where key is in words.
function place(key) {
  const [p, at] = key.split(':');
  const part = shown && shown.parts.length > 1 ? `${entry.info.noun || 'part'} ${Number(p) + 1}, ` : '';
  if (at[0] === 'v') return `${part}the cut after column ${Number(at.slice(1)) + 1}`;
  if (at[0] === 'h') return `${part}the cut after row ${Number(at.slice(1)) + 1}`;
  const [r, c] = at.split(',').map(Number);
  if (state.game === 'hackenbush') return `${part}edge ${r + 1} from the ground`;
  if (state.game === 'fox-and-geese') return `${part}square ${r + 1},${c + 1}`;
  return `${part}row ${r + 1}, column ${c + 1}`;
}

// path says keys, pointed at in order, in words.
const path = keys => keys.map(place).join(' then ');

// charAt returns the board character (or edge colour) of key.
function charAt(key) {
  const e = document.querySelector(`#board [data-key="${key}"]`);
  return e ? e.dataset.ch || '' : '';
}

// why says in words why pointing at key, after the keys before (none, or
// those picked), makes or begins no move of the side to move.
function why(key, before) {
  const me = SIDES[state.move], them = SIDES[other(state.move)];
  const ch = charAt(key);
  const left = state.move === 'left';
  switch (state.game) {
    case 'domineering':
      if (ch === '#') return 'That square is filled.';
      return `${me} places dominoes ${left ? 'up and down' : 'across'}: this square has no empty square ${left ? 'above or below' : 'left or right of'} it.`;
    case 'clobber':
    case 'konane': {
      const own = left ? 'x' : 'o';
      const how = state.game === 'clobber' ? `a stone of ${them}'s next to it` : `a stone of ${them}'s next to it with an empty square behind`;
      if (ch !== own) return `${me} moves ${left ? 'her' : 'his'} own stones (${own}): pick one, then ${how}.`;
      return `This stone has no move: there is no ${how.replace(/^a /, '')}.`;
    }
    case 'amazons': {
      if (before.length === 1) return 'An amazon moves like a chess queen: any distance along its row, its column or a diagonal, over empty squares only, onto an empty square.';
      if (before.length === 2) return 'The arrow flies like a chess queen from the square the amazon moved to, over empty squares (the one it left is empty now), and burns the empty square it lands on.';
      const own = left ? 'x' : 'o';
      if (ch !== own) return `${me} moves ${left ? 'her' : 'his'} own amazons (${own}): pick one, then where it goes, then where its arrow lands.`;
      return 'This amazon has no move: every square next to it is taken or burned.';
    }
    case 'toads-frogs':
      if (ch !== (left ? 'T' : 'F')) return `${me} moves the ${left ? 'toads (T), to the right' : 'frogs (F), to the left'}.`;
      return `This ${left ? 'toad' : 'frog'} is blocked: the next square is taken, and there is no ${left ? 'frog' : 'toad'} with an empty square behind it to jump.`;
    case 'col':
    case 'snort':
      if (/[LR#]/.test(ch)) return 'That square is taken.';
      return `${me} may not colour this square: it is next to a square of ${state.game === 'col' ? me : them}'s.`;
    case 'fission': {
      const beside = left ? 'above and below' : 'left and right of';
      if (ch !== 'x') return `${me} splits a stone (x): pick one with the squares ${beside} it empty.`;
      return `This stone cannot split ${left ? 'up and down' : 'sideways'}: the squares ${beside} it are not both empty.`;
    }
    case 'cutcake':
      return `${me} cuts ${left ? 'between columns (up and down)' : 'between rows (across)'}; that cut is ${them}'s.`;
    case 'hackenbush':
      return `That edge is ${them}'s: ${me} cuts ${left ? 'blue (L)' : 'red (R)'} and green (G) edges.`;
    case 'fox-and-geese':
      if (left) {
        if (ch === 'goose') return 'This goose cannot move: both squares diagonally below it are taken or off the board.';
        if (ch === 'fox') return 'Left moves the geese (white), not the fox: pick a goose, then an empty square diagonally below it.';
        return 'A goose moves one square diagonally down, onto an empty square: pick a goose (white), then one of its squares marked.';
      }
      if (sideHand().some(h => h.keys.length === 1)) return 'The fox has got past the geese and can never be caught: Right passes, by clicking the fox.';
      if (ch === 'goose') return 'Right moves the fox (red), not the geese: pick the fox, then an empty square diagonally next to it.';
      return 'The fox moves one square diagonally, onto an empty square: pick the fox (red), then one of its squares marked.';
  }
  return `No move of ${me}'s starts there.`;
}

// say writes the hand layer's message.
function say(text) {
  $('#hand-msg').textContent = text;
}

// sayPicked says what is picked and what to pick next.
function sayPicked() {
  if (picked.length === 0) return say('Nothing picked.');
  const n = nextKeys(following(sideHand(), picked), picked).length;
  const what = state.game === 'amazons' && picked.length === 2 ? 'where its arrow lands' : picked.length === 1 ? 'where it goes' : 'the next square';
  say(`Picked ${path(picked)}: now pick ${what}, one of ${n} squares marked.`);
}

// mark puts class cls on the targets of keys and on the list entries of
// moves, and off all others.
function mark(cls, keys, moves) {
  for (const e of document.querySelectorAll(`#board .${cls}, #moves .${cls}`)) e.classList.remove(cls);
  for (const k of keys) document.querySelector(`#board [data-key="${k}"]`)?.classList.add(cls);
  for (const i of moves) document.querySelector(`#moves button[data-i="${i}"]`)?.classList.add(cls);
}

// showSel marks the picked keys and the targets that go on from them,
// and the moves they begin in the list.
function showSel() {
  if (picked.length === 0) {
    mark('h-pick', [], []);
    mark('h-target', [], []);
    return;
  }
  const ms = following(sideHand(), picked);
  mark('h-pick', picked, []);
  mark('h-target', nextKeys(ms, picked), ms.map(h => h.move));
}

// handPlay plays the move of the list that hand move h is.
function handPlay(h) {
  picked = [];
  const moves = state.move === 'left' ? shown.left_moves : shown.right_moves;
  say('');
  playMove(moves[h.move]);
}

// advance picks keys, which begin the moves ms: a move they make is played
// (the first, if several), as is the first of ms when all go on alike
// (one move, or moves of the list on the same keys); else the next keys
// are shown.
function advance(keys, ms) {
  const done = ms.filter(h => h.keys.length === keys.length);
  const ends = new Set(ms.map(h => (h.free ? h.keys.filter(k => !keys.includes(k)) : h.keys.slice(keys.length)).join(' ')));
  if (done.length > 0 || ends.size === 1) return handPlay(done[0] || ms[0]);
  picked = keys;
  showSel();
  sayPicked();
}

// unpick takes back the last key picked.
function unpick() {
  picked = picked.slice(0, -1);
  showSel();
  sayPicked();
}

// point is a click (or Enter) on key.
function point(key) {
  if (!shown) return;
  const hand = sideHand();
  const moves = state.move === 'left' ? shown.left_moves : shown.right_moves;
  if (state.computer === state.move) return say(`It is the computer's turn (${SIDES[state.move]}).`);
  if (moves.length === 0) return say(`${SIDES[state.move]} has no move.`);
  if (picked.length > 0) {
    const next = [...picked, key];
    const ms = following(hand, next);
    if (ms.length > 0) return advance(next, ms);
    if (key === picked[picked.length - 1]) return unpick();
  }
  // A fresh start from key.
  const from = starting(hand, key);
  if (from.length === 0) {
    const before = picked;
    picked = [];
    showSel();
    return say(before.length ? `No move goes from ${path(before)} to ${place(key)}. ${why(key, before)}` : why(key, before));
  }
  advance([key], from);
}

// preview marks the move that pointing at key would make (or, with
// nothing picked, every move key starts) and its entries in the list.
function preview(key) {
  const hand = sideHand();
  const from = picked.length > 0 ? picked : drag ? [drag] : []; // a drag under way previews the move it makes
  if (from[from.length - 1] === key) return mark('hl', [], []); // the picked key keeps its marks
  let ms = from.length > 0 ? following(hand, [...from, key]) : [];
  if (ms.length === 0) ms = starting(hand, key);
  mark('hl', ms.flatMap(h => h.keys), ms.map(h => h.move));
}

// keyed returns the board target an event is on.
const keyed = e => e.target.closest && e.target.closest('#board [data-key]');

// setupHand makes the board's targets buttons: one tab stop (the first
// that starts a move), arrows move among them, Enter or Space points.
function setupHand() {
  picked = [];
  const pic = $('#board svg');
  const targets = [...document.querySelectorAll('#board [data-key]')];
  if (!pic || !shown || !shown.hand || targets.length === 0) return;
  pic.setAttribute('role', 'group');
  const hand = sideHand();
  const live = new Set(hand.flatMap(h => h.keys));
  for (const t of targets) {
    const k = t.dataset.key;
    t.setAttribute('role', 'button');
    t.setAttribute('tabindex', '-1');
    t.setAttribute('aria-label', `${place(k)}${t.dataset.ch && t.dataset.ch !== '.' ? ` (${t.dataset.ch})` : ''}${live.has(k) ? '' : ', no move'}`);
    t.classList.add('hit');
    if (live.has(k)) t.classList.add('live');
  }
  // The mover's cut lines on top, so that where two cross a click is
  // the mover's.
  for (const t of targets) if (t.tagName === 'line' && t.classList.contains('live') && t.classList.contains('cut')) t.parentNode.append(t);
  (targets.find(t => starting(hand, t.dataset.key).length > 0) || targets[0]).setAttribute('tabindex', '0');
}

// step returns the target next to t in direction d: the nearest by its
// centre, that way.
function step(t, d) {
  const box = e => { const b = e.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
  const [x, y] = box(t);
  let best = null, bd = Infinity;
  for (const u of document.querySelectorAll('#board [data-key]')) {
    if (u === t) continue;
    const [ux, uy] = box(u);
    const dx = ux - x, dy = uy - y;
    const along = { ArrowRight: dx, ArrowLeft: -dx, ArrowDown: dy, ArrowUp: -dy }[d];
    const across = d === 'ArrowRight' || d === 'ArrowLeft' ? Math.abs(dy) : Math.abs(dx);
    if (along <= 1) continue;
    const dist = along + 3 * across;
    if (dist < bd) { bd = dist; best = u; }
  }
  return best;
}

function onBoardKey(e) {
  const t = keyed(e);
  if (!t) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    point(t.dataset.key);
    return;
  }
  if (e.key === 'Escape' && picked.length > 0) {
    unpick();
    return;
  }
  if (!e.key.startsWith('Arrow')) return;
  e.preventDefault();
  const u = step(t, e.key);
  if (!u) return;
  t.setAttribute('tabindex', '-1');
  u.setAttribute('tabindex', '0');
  u.focus();
}

// ---- the explorer ----

// partsOf splits the text of a whole position into its parts' texts, as
// the analysis writes them: Hackenbush's stalks by spaces, others by " + ".
function partsOf(text) {
  if (text === '' || text === '0') return [];
  if (/^[LRG]+( [LRG]+)*$/.test(text)) return text.split(' ');
  return text.split(' + ');
}

// showOptions lists every option of both players as links, each drawn as
// the board it leaves, with its canonical form and outcome.
function showOptions(st) {
  const side = (who, moves) => {
    const head = el('h3', null, `${SIDES[who]}'s options`);
    if (moves.length === 0) return [head, el('p', { class: 'muted' }, `${SIDES[who]} has no move.`)];
    return [head, el('ul', { class: 'options explore', 'data-side': who }, ...moves.map((m, i) => {
      const next = { ...state, position: m.position, move: other(who) };
      const what = m.canonical ? `value ${m.canonical}` : m.undecided ? 'not decided' : `outcome ${m.outcome}`;
      return el('li', null, el('a', { class: 'option', href: urlOf(next, into(trail, crumb(next))), 'data-side': who, 'data-i': i },
        picture(partsOf(m.position), m.position, true),
        el('span', { class: 'small' }, el('span', { class: 'mono' }, what), m.canonical ? ` (${m.outcome})` : '')));
    }))];
  };
  $('#options').replaceChildren(...side('left', st.left_moves), ...side('right', st.right_moves));
}

// drawTrail draws the path of the positions stepped through.
function drawTrail() {
  const label = c => {
    const { move, position } = fromCrumb(c);
    return `${position || '0'} (${SIDES[move]})`;
  };
  const n = trail.past.length + trail.ahead.length;
  $('#trail').replaceChildren(...(n ? [breadcrumb(trail, label, i => goTo(jump(trail, i)))] : []));
}

// goTo shows the crumb trail t is at: a new history entry.
function goTo(t) {
  last = '';
  trail = t;
  state = { ...state, ...fromCrumb(t.here) };
  toForm();
  keep(true);
  show();
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
  drawTrail();
  try {
    const st = await api(`/api/partizan/${encodeURIComponent(state.game)}`, { position: state.position, move: state.move, cells: true });
    if (n !== asked) return;
    shown = st;
    // A keyboard player keeps the focus on the board from move to move.
    const hadFocus = $('#board').contains(document.activeElement);
    $('#board').replaceChildren(drawBoard(st));
    $('#board-svg').disabled = !$('#board svg');
    showTurn(st);
    showMethod(st);
    showMoves(st);
    showOptions(st);
    setupHand();
    if (hadFocus) $('#board [tabindex="0"]')?.focus();
    say(st.hand && $('#board [data-key]') ? '' : 'Pick a move from the list.');
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
    for (const id of ['#board', '#moves', '#options', '#thermograph', '#thermo-of']) $(id).replaceChildren();
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
  trail = into(trail, crumb(state));
  keep(true);
  show();
}

// ---- the form ----

// chooseGame selects the entry of the game called name (a family's by a
// member's name) and remembers name as the game played (gameName).
function chooseGame(name) {
  entry = games.find(g => playName(g) === name) || games.find(g => g.family && familyOf(g, name)) || games[0];
  gameName = entry.family && familyOf(entry, name) ? name : playName(entry);
  $('#game').value = playName(entry);
  $('#game-desc').textContent = entry.summary;
  $('#format').textContent = `Format: ${entry.format}. Example: ${entry.example_position}`;
}

function fromForm() {
  return {
    game: gameName,
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
  trail = { past: [], here: crumb(state), ahead: [] };
  keep(true);
  show();
}

function fileName(kind) {
  const s = `${state.game}-${state.position}`.replace(/[^A-Za-z0-9.#+\-]+/g, '_').slice(0, 60);
  return `${kind}-${s}`;
}

async function init() {
  const all = await apiOrError('/api/games', 'error');
  if (!all) return;
  games = all.filter(g => g.info && g.info.kind === 'partizan');
  if (games.length === 0) {
    setError('error', 'this server has no partizan game');
    return;
  }
  $('#game').replaceChildren(...games.map(g => el('option', { value: playName(g) }, g.family ? `${g.name} (${g.example})` : g.name)));
  const fromURL = readURL();
  chooseGame(fromURL.game);
  state = { ...fromURL, game: gameName, position: fromURL.position !== null && fromURL.game === gameName ? fromURL.position : entry.example_position };
  trail = readTrail(new URLSearchParams(location.search), crumb(state));
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
  $('#options').addEventListener('click', e => {
    const a = e.target.closest('a.option');
    if (!a || !shown || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    const who = a.dataset.side;
    const m = (who === 'left' ? shown.left_moves : shown.right_moves)[Number(a.dataset.i)];
    last = ` (explored ${SIDES[who]}'s option ${m.position || '0'}.)`;
    state = { ...state, position: m.position, move: other(who) };
    trail = into(trail, crumb(state));
    keep(true);
    show();
  });
  const board = $('#board');
  board.addEventListener('click', e => {
    const t = keyed(e);
    if (dragged) {
      dragged = false;
      return;
    }
    if (t) point(t.dataset.key);
  });
  board.addEventListener('pointerdown', e => {
    const t = keyed(e);
    drag = t ? t.dataset.key : null;
  });
  board.addEventListener('pointerup', e => {
    const t = keyed(e);
    const from = drag;
    drag = null;
    if (!from || !t || t.dataset.key === from) return;
    // A drag from one target to another: the move between them, or on
    // from the keys picked when the drag starts at the last of them.
    const base = picked.length > 0 && picked[picked.length - 1] === from ? picked : [from];
    const next = [...base, t.dataset.key];
    const ms = following(sideHand(), next);
    if (ms.length > 0 && state.computer !== state.move) {
      dragged = true;
      setTimeout(() => { dragged = false; }, 0);
      advance(next, ms);
    }
  });
  board.addEventListener('pointerover', e => {
    const t = keyed(e);
    if (t) preview(t.dataset.key);
  });
  board.addEventListener('pointerleave', () => {
    drag = null;
    mark('hl', [], []);
  });
  board.addEventListener('focusin', e => {
    const t = keyed(e);
    if (t) preview(t.dataset.key);
  });
  board.addEventListener('keydown', onBoardKey);
  // A move of the list, hovered or focused, is marked on the board.
  const listMark = e => {
    const b = e.target.closest && e.target.closest('#moves button[data-i]');
    if (!b) return;
    const i = Number(b.dataset.i);
    const hs = sideHand().filter(h => h.move === i);
    mark('hl', hs.flatMap(h => h.keys), [i]);
  };
  $('#moves').addEventListener('pointerover', listMark);
  $('#moves').addEventListener('focusin', listMark);
  $('#moves').addEventListener('pointerleave', () => mark('hl', [], []));
  window.addEventListener('popstate', () => {
    last = '';
    const s = readURL();
    chooseGame(s.game);
    state = { ...s, game: gameName, position: s.position === null ? entry.example_position : s.position };
    trail = readTrail(new URLSearchParams(location.search), crumb(state));
    toForm();
    show();
  });
  pictureDownloads('#thermograph', () => fileName('thermograph'));
  $('#board-svg').addEventListener('click', () => saveSVG('#board', fileName('board')));
  show();
}

init();
