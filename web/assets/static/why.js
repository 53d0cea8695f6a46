// The "why" panel of the play page: what POST /api/moves/{game} says of a
// position drawn for people. The position's value as the nim-sum of its
// parts, worked out in binary columns; each part's value as the mex of its
// options, on request; every move coloured by the outcome it leaves and its
// remoteness. The page computes nothing of the game: every value shown is
// the server's.
import { el } from './common.js';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

// outcomeText says an outcome for the player to move, with the remoteness
// (the moves left when the winner hurries and the loser delays) when known.
export function outcomeText(outcome, remoteness) {
  const r = remoteness === null || remoteness === undefined ? '' : ` in ${plural(remoteness, 'move')}`;
  if (outcome === 'N') return `the player to move wins${r}`;
  if (outcome === 'P') return remoteness === 0 ? 'the player to move has no move and loses' : `the player to move loses${r}`;
  return 'neither player can force a win: a draw';
}

// moveClass is the colour class of a move from the outcome it leaves for
// the opponent: P (the mover wins), N (the mover loses) or D (a draw).
export const moveClass = m => ({ P: 'mv-win', N: 'mv-lose', D: 'mv-draw' })[m.outcome] || '';

// moveShade is the background of a move: green when it wins, red when it
// loses, yellow for a draw, strongest for the quickest result, paler as
// the remoteness grows (GamesmanUni's convention); null without one.
export function moveShade(m, maxRemoteness) {
  const hue = { P: 135, N: 2, D: 48 }[m.outcome];
  if (hue === undefined) return null;
  let t = 0.5;
  if (m.remoteness !== null && m.remoteness !== undefined && maxRemoteness > 0) t = m.remoteness / maxRemoteness;
  const light = Math.round(62 + 28 * t); // 62%: quickest, 90%: slowest
  return `hsl(${hue}, 60%, ${light}%)`;
}

// valueText writes a value as the server sends it: a Grundy value (a
// number) as itself, a generalised value of a position whose play can
// repeat, {"inf": K}, as ∞(K) ("∞" when K is empty), nothing for none.
export function valueText(v) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && Array.isArray(v.inf)) return v.inf.length ? `∞(${v.inf.join(',')})` : '∞';
  return String(v);
}

// finite reports whether v is a Grundy value (a number), not ∞(K).
const finite = v => typeof v === 'number';

// moveAfter says what a move leaves, for a list of moves.
export function moveAfter(m) {
  const value = m.value === null || m.value === undefined ? '' : `value ${valueText(m.value)}, `;
  const r = m.remoteness === null || m.remoteness === undefined ? '' : ` in ${plural(m.remoteness, 'move')}`;
  const res = { P: `you win${r}`, N: `you lose${r}`, D: 'a draw' }[m.outcome] || m.outcome;
  return `leaves ${value}${res}`;
}

// drawWhy fills the panel's elements from the explanation ex (null clears
// them): the summary, the nim-sum table and the parts. label(i, part)
// names part i for people, e.g. "heap 2 (7)".
export function drawWhy(ex, label) {
  const summary = document.getElementById('why-summary');
  const table = document.getElementById('nimsum');
  const hint = document.getElementById('why-move');
  const parts = document.getElementById('parts');
  const mex = document.getElementById('mex');
  for (const e of [summary, table, hint, parts, mex]) e.textContent = '';
  const values = ex && ex.value !== null && ex.value !== undefined;
  document.getElementById('nimsum-wrap').hidden = !values;
  document.getElementById('parts-box').hidden = !values;
  if (!ex) return;
  summary.append(el('span', { class: `badge ${ex.outcome}` }, ex.outcome), ' ', capital(outcomeText(ex.outcome, ex.remoteness)));
  if (ex.remoteness === null) summary.append(' (too many positions to count the moves left)');
  summary.append('.');
  if (!values) return;
  if (ex.parts.length === 0) {
    hint.textContent = 'No part is left: the value is 0 and the player to move has no move.';
    return;
  }
  if (ex.nim_sum_binary === null) {
    // Play can repeat: generalised values, summed by Smith's theorem.
    drawSmith(table, ex, label);
    hint.textContent = smithHint(ex);
  } else {
    drawNimSum(table, ex, label);
    hint.textContent = winningHint(ex, label);
  }
  ex.parts.forEach((p, i) => {
    parts.append(el('li', null, el('button', { type: 'button', class: 'part-btn', 'data-part': i, 'aria-controls': 'mex' },
      `${label(i, p)}: value ${valueText(p.value)}`)));
  });
}

// drawSmith writes the parts' generalised values and their sum: a position
// whose play can repeat is worth a number, which adds like a nim heap, or
// ∞(K), K the finite values among its options.
function drawSmith(table, ex, label) {
  const head = el('tr', null, el('th', { scope: 'col' }, 'part'), el('th', { scope: 'col', class: 'num' }, 'value'));
  const body = ex.parts.map((p, i) => el('tr', { class: finite(p.value) ? '' : 'inf' }, el('th', { scope: 'row' }, label(i, p)),
    el('td', { class: 'num' }, valueText(p.value))));
  const foot = el('tr', { class: 'sum' }, el('th', { scope: 'row' }, 'sum'), el('td', { class: 'num', 'data-value': valueText(ex.value) }, valueText(ex.value)));
  table.append(
    el('caption', null, 'Play can return to an earlier position: each part is worth a number, which adds like a nim heap, or ∞(K), K the finite values its moves can reach (Smith\'s theorem).'),
    el('thead', null, head), el('tbody', null, ...body), el('tfoot', null, foot));
}

// smithHint says why the position is won, lost or drawn by Smith's
// theorem on the parts' generalised values.
function smithHint(ex) {
  const infinite = ex.parts.filter(p => !finite(p.value)).length;
  if (infinite === 0) return ex.value === 0
    ? 'Every part has a finite value and their nim-sum is 0: the player to move loses (a move into a loop is answered by one back to the same value).'
    : `Every part has a finite value and their nim-sum is ${ex.value}, not 0: the player to move wins by making it 0.`;
  if (infinite >= 2) return 'Two parts are infinite: neither player can force a win, the game is a draw.';
  if (ex.outcome === 'N') return `One part is infinite and the sum is ${valueText(ex.value)}, which holds 0: the player to move wins by moving that part to a finite value that makes the nim-sum 0.`;
  return `One part is infinite and the sum is ${valueText(ex.value)}, without 0: no move wins, and the player to move keeps the draw by staying infinite.`;
}

// drawNimSum writes the parts' values in binary, one column per power of
// two, and the nim-sum below: each of its digits is 1 where its column
// holds an odd number of ones.
function drawNimSum(table, ex, label) {
  const width = Math.max(1, ...ex.parts.map(p => p.value.toString(2).length), ex.nim_sum_binary.length);
  const bits = v => v.toString(2).padStart(width, '0').split('');
  const ones = Array(width).fill(0);
  for (const p of ex.parts) bits(p.value).forEach((b, k) => { if (b === '1') ones[k]++; });
  const head = el('tr', null, el('th', { scope: 'col' }, 'part'), el('th', { scope: 'col', class: 'num' }, 'value'),
    ...ones.map((_, k) => el('th', { scope: 'col', class: 'bit' }, String(2 ** (width - 1 - k)))));
  const body = ex.parts.map((p, i) => el('tr', null, el('th', { scope: 'row' }, label(i, p)), el('td', { class: 'num' }, p.value),
    ...bits(p.value).map((b, k) => el('td', { class: `bit${ones[k] % 2 ? ' odd' : ''}` }, b))));
  const foot = el('tr', { class: 'sum' }, el('th', { scope: 'row' }, 'nim-sum'), el('td', { class: 'num', 'data-value': ex.value }, ex.value),
    ...bits(ex.value).map((b, k) => el('td', { class: `bit${ones[k] % 2 ? ' odd' : ''}`, title: `${plural(ones[k], 'one')} in this column` }, b)));
  table.append(
    el('caption', null, 'The nim-sum adds the values in binary without carrying: a column of the sum is 1 when the column holds an odd number of ones.'),
    el('thead', null, head), el('tbody', null, ...body), el('tfoot', null, foot));
}

// winningHint says why the position is won or lost in terms of the
// nim-sum: the parts a winning move can be made in, and what to.
function winningHint(ex, label) {
  const s = ex.value;
  if (s === 0) return 'The nim-sum is 0: every move changes one part, so it leaves a nim-sum that is not 0, from which the opponent can return to 0. The player to move loses.';
  const fix = ex.parts.map((p, i) => [i, p]).filter(([, p]) => (p.value ^ s) < p.value)
    .map(([i, p]) => `${label(i, p)} from value ${p.value} to ${p.value} ⊕ ${s} = ${p.value ^ s}`);
  return `The nim-sum is ${s}, not 0: the player to move wins by a move that makes it 0, changing ${fix.join(', or ')}.`;
}

// drawMex shows how part i got its value: the values of the positions its
// moves leave it as, and the smallest value missing from them.
export function drawMex(ex, i, label) {
  const box = document.getElementById('mex');
  box.textContent = '';
  const p = ex && ex.parts[i];
  if (!p) return;
  const name0 = label(i, p);
  if (!finite(p.value)) {
    box.append(el('h4', null, `The value of ${name0}`),
      el('p', null, `Its moves reach the finite values {${p.options.join(', ')}}, but none of them can be its value: some move goes to a position from which play can avoid coming back to it. So its value is `,
        el('strong', null, valueText(p.value)), ', infinite, with those finite values in brackets.'));
    return;
  }
  const opts = new Set(p.options);
  const top = Math.max(p.value, ...p.options);
  const chips = [];
  for (let v = 0; v <= top + 1 && v <= 64; v++) {
    const cls = v === p.value ? 'mex-missing' : opts.has(v) ? 'mex-have' : 'mex-other';
    chips.push(el('li', { class: cls, 'data-v': v }, String(v)));
  }
  const name = label(i, p);
  const list = p.options.length ? `{${p.options.join(', ')}}` : 'nothing (it has no move)';
  box.append(
    el('h4', null, `The mex of ${name}`),
    el('p', null, `The moves in ${name} leave it with the values ${list}. `,
      `Its value is the smallest value not among them, their mex: mex ${p.options.length ? `{${p.options.join(', ')}}` : '{}'} = `,
      el('strong', null, p.value), '.'),
    el('ul', { class: 'mexline', 'aria-label': `values 0 to ${top + 1}: options and the smallest missing` }, chips));
}

function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
