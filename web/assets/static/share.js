// Keeping and sharing what a page shows: the play page's game, position and
// moves in the URL (so reload, back and links work), copying the link, and
// downloads of analyses (JSON, CSV) and pictures (SVG, PNG).

// readState reads the play page's state from the URL: the game, the start
// position, the moves played (each "m" parameter "PART:MOVE", PART
// 1-based), the moves the engine played ("engine", 1-based numbers), the
// side the human plays ("you") and the text of pasted rules ("rules").
export function readState(search = location.search) {
  const q = new URLSearchParams(search);
  const moves = [];
  for (const m of q.getAll('m')) {
    const colon = m.indexOf(':');
    const part = Number(m.slice(0, colon));
    if (colon < 1 || !Number.isInteger(part) || part < 1) return { game: q.get('game'), bad: `move "${m}" in the link is not PART:MOVE` };
    moves.push({ part: part - 1, move: m.slice(colon + 1) });
  }
  const engine = new Set((q.get('engine') || '').split(',').filter(s => s !== '').map(s => Number(s) - 1).filter(i => i >= 0 && i < moves.length));
  return { game: q.get('game'), position: q.get('position'), moves, engine, you: q.get('you'), rules: q.get('rules') };
}

// stateQuery writes a state as readState reads it.
export function stateQuery(st) {
  const q = new URLSearchParams();
  q.set('game', st.game);
  if (st.rules) q.set('rules', st.rules);
  if (st.position !== null && st.position !== undefined) q.set('position', st.position);
  for (const m of st.moves || []) q.append('m', `${m.part + 1}:${m.move}`);
  if (st.engine && st.engine.size) q.set('engine', [...st.engine].sort((a, b) => a - b).map(i => i + 1).join(','));
  if (st.you) q.set('you', st.you);
  return '?' + q.toString();
}

// keepState puts the state in the URL: a new history entry when push is
// set (a move, a new position), else in place of the current one.
export function keepState(st, push) {
  const url = stateQuery(st);
  if (url === location.search) return;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

// copyLink copies the page's URL and says so in status.
export async function copyLink(status) {
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = 'Link copied.';
  } catch (e) {
    // No clipboard (an insecure origin, or permission refused): show the
    // link selected, for the user to copy.
    status.textContent = '';
    const box = document.createElement('input');
    box.type = 'text';
    box.readOnly = true;
    box.value = url;
    box.setAttribute('aria-label', 'Link to this position');
    box.className = 'link-box';
    status.append('Copy this link: ', box);
    box.select();
  }
}

// download saves data (a string or a Blob) as a file called name.
export function download(name, data, type) {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// csv writes rows of cells as CSV (RFC 4180): cells with commas, quotes or
// line breaks are quoted.
export function csv(rows) {
  const cell = v => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map(r => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

// The presentation properties an exported SVG carries as attributes, since
// the page's style sheet does not travel with it (and the page's content
// security policy forbids style attributes).
const PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linecap',
  'stroke-linejoin', 'font-size', 'font-family', 'font-weight', 'text-anchor', 'opacity'];

// svgText returns the markup of an <svg> on the page as a standalone SVG
// file, its computed styles written as presentation attributes.
export function svgText(root) {
  const copy = root.cloneNode(true);
  const from = [root, ...root.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((e, i) => {
    const cs = getComputedStyle(e);
    for (const p of PROPS) {
      const v = cs.getPropertyValue(p);
      if (v) to[i].setAttribute(p, v);
    }
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.removeAttribute('tabindex');
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy);
}

// svgPNG draws an <svg> of the page into a PNG, scale pixels per unit.
export function svgPNG(root, scale = 2) {
  const w = Number(root.getAttribute('width')) || root.getBoundingClientRect().width;
  const h = Number(root.getAttribute('height')) || root.getBoundingClientRect().height;
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText(root)], { type: 'image/svg+xml' }));
  return new Promise((resolve, reject) => {
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = Math.ceil(w * scale);
      c.height = Math.ceil(h * scale);
      const g = c.getContext('2d');
      g.fillStyle = '#fff';
      g.fillRect(0, 0, c.width, c.height);
      g.drawImage(img, 0, 0, c.width, c.height);
      URL.revokeObjectURL(url);
      c.toBlob(b => (b ? resolve(b) : reject(new Error('the browser could not write a PNG'))), 'image/png');
    };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error('the browser could not draw the SVG')); };
    img.src = url;
  });
}

// saveSVG saves the <svg> inside the element of selector box as the file
// name.svg; nothing when there is none.
export function saveSVG(box, name) {
  const root = document.querySelector(`${box} svg`);
  if (root) download(`${name}.svg`, svgText(root), 'image/svg+xml');
}

// savePNG saves the same picture drawn as the PNG file name.png, and
// passes the message of a picture that cannot be drawn to fail.
export async function savePNG(box, name, fail) {
  const root = document.querySelector(`${box} svg`);
  if (!root) return;
  try {
    download(`${name}.png`, await svgPNG(root));
  } catch (e) {
    fail(e.message);
  }
}

// pictureDownloads makes the buttons #export-svg and #export-png save the
// picture inside the element of selector box (saveSVG, savePNG), named
// name(); a PNG that cannot be drawn is said in #share-status.
export function pictureDownloads(box, name) {
  document.querySelector('#export-svg').addEventListener('click', () => saveSVG(box, name()));
  document.querySelector('#export-png').addEventListener('click', () =>
    savePNG(box, name(), msg => { document.querySelector('#share-status').textContent = msg; }));
}
