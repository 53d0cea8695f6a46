// The value page's nim multiplication: two words typed, their nim-product,
// inverses and square roots from POST /api/field (as nimber field --json),
// and the multiplication table of 0..N-1. Words stay strings: the API
// writes them in decimal, so that no double rounds 64 bits.
import { api, el, $, setError } from './common.js';

// field asks the API for op on args and resolves to the answer's result.
async function field(op, ...args) {
  return (await api('/api/field', { op, args })).result;
}

// show multiplies the two words typed and shows what the field says of
// them; a refusal clears the old answer.
async function show() {
  const a = $('#field-a').value.trim();
  const b = $('#field-b').value.trim();
  setError('field-error', '');
  const out = $('#field-result');
  try {
    const prod = await api('/api/field', { op: 'mul', args: [a, b] });
    const [x, y] = prod.args;
    const inverse = w => (w === '0' ? Promise.resolve(null) : field('inv', w));
    const [ia, ib, ra, rb] = await Promise.all([inverse(x), inverse(y), field('sqrt', x), field('sqrt', y)]);
    const row = (name, value, id) => el('tr', null, el('th', { scope: 'row' }, name),
      el('td', { class: 'num mono', id }, value === null ? el('span', { class: 'muted' }, 'none') : value));
    out.replaceChildren(el('table', { class: 'data', id: 'field-facts' }, el('tbody', null,
      row(`${x} ⊗ ${y}`, prod.result, 'field-product'),
      row(`1/${x}`, ia, 'field-inv-a'),
      row(`1/${y}`, ib, 'field-inv-b'),
      row(`√${x}`, ra, 'field-sqrt-a'),
      row(`√${y}`, rb, 'field-sqrt-b'))));
  } catch (e) {
    out.replaceChildren();
    setError('field-error', e.message);
  }
}

// showTable draws the multiplication table of 0..N-1, rows and columns
// labelled as in Winning Ways.
async function showTable() {
  const n = $('#field-n').value;
  const wrap = $('#field-table');
  setError('field-error', '');
  try {
    const t = (await api('/api/field', { op: 'table', args: [n] })).table;
    const head = el('tr', null, el('th', { scope: 'col' }, '⊗'), ...t.map((_, b) => el('th', { scope: 'col', class: 'num' }, b)));
    const rows = t.map((r, a) => el('tr', null, el('th', { scope: 'row', class: 'num' }, a), ...r.map(v => el('td', { class: 'num' }, v))));
    wrap.replaceChildren(el('table', { class: 'data', id: 'field-grid' },
      el('caption', { class: 'small muted' }, `a ⊗ b for a, b < ${n}: row a, column b`),
      el('thead', null, head), el('tbody', null, ...rows)));
  } catch (e) {
    wrap.replaceChildren();
    setError('field-error', e.message);
  }
}

$('#field-form').addEventListener('submit', ev => { ev.preventDefault(); show(); });
$('#field-table-form').addEventListener('submit', ev => { ev.preventDefault(); showTable(); });
show();
showTable();
