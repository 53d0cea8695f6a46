// The explorer's path: the games stepped through from the first, the one
// shown, and those stepped back over (which Forward returns to), as a
// breadcrumb. A trail is {past: [...], here, ahead: [...]} of opaque
// strings (a page's own form of a game); it lives in the URL as repeated
// "trail" (past) and "ahead" parameters beside the page's own state.
import { el } from './common.js';

// readTrail reads the trail around here from the query q.
export function readTrail(q, here) {
  return { past: q.getAll('trail'), here, ahead: q.getAll('ahead') };
}

// writeTrail puts the trail's past and ahead in the query q.
export function writeTrail(q, t) {
  q.delete('trail');
  q.delete('ahead');
  for (const p of t.past) q.append('trail', p);
  for (const a of t.ahead) q.append('ahead', a);
}

// into steps from the game shown into to: the way ahead is kept when to is
// its next game, and dropped otherwise.
export function into(t, to) {
  const ahead = t.ahead[0] === to ? t.ahead.slice(1) : [];
  return { past: [...t.past, t.here], here: to, ahead };
}

// jump goes to crumb i of the whole path (past, here, ahead in order).
export function jump(t, i) {
  const all = [...t.past, t.here, ...t.ahead];
  return { past: all.slice(0, i), here: all[i], ahead: all.slice(i + 1) };
}

// breadcrumb draws the trail as a navigation landmark: each game a button
// (label(game) its words) that calls go(i), the game shown marked as the
// current one; Back and Forward step one crumb.
export function breadcrumb(t, label, go) {
  const all = [...t.past, t.here, ...t.ahead];
  const here = t.past.length;
  const items = all.map((g, i) => el('li', { class: i > here ? 'ahead' : '' },
    i === here
      ? el('span', { class: 'mono', 'aria-current': 'location' }, label(g))
      : el('button', { type: 'button', class: 'crumb mono', 'data-crumb': i, title: i < here ? 'back to this game' : 'forward to this game' }, label(g))));
  const back = el('button', { type: 'button', id: 'trail-back', disabled: here === 0 }, '← Back');
  const fwd = el('button', { type: 'button', id: 'trail-forward', disabled: here === all.length - 1 }, 'Forward →');
  back.addEventListener('click', () => go(here - 1));
  fwd.addEventListener('click', () => go(here + 1));
  const ol = el('ol', { class: 'crumbs' }, ...items);
  ol.addEventListener('click', e => {
    const b = e.target.closest('button[data-crumb]');
    if (b) go(Number(b.dataset.crumb));
  });
  return el('nav', { class: 'trail', 'aria-label': 'The path explored' }, el('div', { class: 'row' }, back, fwd), ol);
}
