// What every page shares: the API, messages, pages by the location's hash, small DOM helpers.
'use strict';

const lab = {
  info: null,
  pages: {},

  // A JSON API call. A server error (its {"error", "line"?, "column"?}) becomes an Error with that text.
  async api(path, options = {}) {
    const response = await fetch(path, options);
    const text = await response.text();
    let body;
    try { body = JSON.parse(text); } catch { body = { error: text }; }
    if (!response.ok) {
      const where = body.line ? ` (line ${body.line}, column ${body.column})` : '';
      throw new Error((body.error || response.statusText) + where);
    }
    return body;
  },

  post(path, body, type = 'application/json') {
    return lab.api(path, { method: 'POST', headers: { 'Content-Type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body) });
  },

  show(message) {
    const box = document.getElementById('message');
    box.textContent = message;
    box.hidden = !message;
  },

  // Runs an async action, showing its error on the page instead of failing silently.
  async guard(action) {
    try { lab.show(''); return await action(); } catch (error) { lab.show(error.message); }
  },

  el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes)) {
      if (k === 'class') node.className = v; else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v);
    }
    for (const c of children.flat()) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return node;
  },

  svg(tag, attributes = {}) {
    const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
    return node;
  },

  // A table of rows (arrays), columns named; `onRow(row, tr)` makes rows clickable.
  table(columns, rows, onRow) {
    const head = lab.el('tr', {}, columns.map((c) => lab.el('th', {}, c)));
    const body = rows.map((row) => {
      const tr = lab.el('tr', onRow ? { class: 'clickable' } : {},
        row.map((v) => lab.el('td', typeof v === 'number' ? { class: 'num' } : {}, v === null ? '' : lab.format(v))));
      if (onRow) tr.addEventListener('click', () => onRow(row, tr));
      return tr;
    });
    return lab.el('table', {}, head, body);
  },

  format(v) { return typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(6)).toString() : String(v); },

  rect(r) { return r ? r.map((v) => (v === null ? '∞' : lab.format(v))).join(', ') : '—'; },

  // A file dropped on `zone`: its name and text.
  onDrop(zone, handler) {
    zone.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('over'); });
    zone.addEventListener('dragleave', () => zone.classList.remove('over'));
    zone.addEventListener('drop', (e) => {
      e.preventDefault();
      zone.classList.remove('over');
      const file = e.dataTransfer.files[0];
      if (file) file.text().then((text) => lab.guard(() => handler(file.name, text)));
    });
  },

  route() {
    const name = (location.hash || '#playground').slice(1).split('?')[0];
    for (const section of document.querySelectorAll('.page')) section.hidden = section.id !== `page-${name}`;
    for (const a of document.querySelectorAll('nav a')) a.classList.toggle('current', a.dataset.page === name);
    lab.pages[name]?.shown?.();
  },
};

window.addEventListener('hashchange', () => lab.route());
window.addEventListener('DOMContentLoaded', () => lab.guard(async () => {
  lab.info = await lab.api('/api/info');
  document.getElementById('server-info').textContent =
    `root ${lab.info.root}` + (lab.info.database ? ` · database ${lab.info.database}` : ' · no database');
  for (const page of Object.values(lab.pages)) await page.init?.();
  lab.route();
}));
