// The log explainer: a pasted console dump, each conflict explained, drawn, and opened in the playground.
'use strict';

const logPage = {
  init() {
    document.getElementById('log-explain').addEventListener('click', () => lab.guard(() => this.explain()));
  },

  async explain() {
    const text = document.getElementById('log-text').value;
    const out = document.getElementById('log-out');
    out.replaceChildren();
    const r = await lab.post('/api/log', text, 'text/plain');
    r.conflicts.forEach((c, k) => out.append(this.conflict(c, k, r.conflicts.length)));
    if (r.skipped_lines) out.append(lab.el('p', { class: 'hint' }, `${r.skipped_lines} other lines of the paste skipped`));
  },

  conflict(c, k, count) {
    // Choices and sets name constraints by key, as `layoutlab log --format json` does.
    const index = (key) => c.constraints.findIndex((m) => m.key === key);
    const name = (key) => (key === null ? 'not in the paste' : `#${index(key) + 1} ${c.constraints[index(key)].text}`);
    const rows = c.constraints.map((m, i) => {
      const tr = lab.el('tr', m.conflicting ? { class: 'conflicting' } : {},
        lab.el('td', { class: 'num' }, i + 1), lab.el('td', {}, lab.el('code', {}, m.text)),
        lab.el('td', {}, m.kind), lab.el('td', {}, m.words));
      return tr;
    });
    const fixes = c.fixes.map((f) => lab.el('li', {}, lab.el('span', { class: f.resolves ? 'ok' : 'bad' },
      f.resolves ? '✓ ' : '✗ '), `${f.action}: ${f.effect}`));
    const picture = lab.el('div', { class: 'picture' });
    picture.innerHTML = c.svg;
    const open = lab.el('button', { type: 'button' }, 'Open in the playground');
    open.addEventListener('click', () => {
      sessionStorage.setItem('playground', JSON.stringify({ name: `conflict at lines ${c.lines.join('–')}`,
        scenario: c.scenario, a: 'springs/documented', b: 'autolayout/modern/once' }));
      location.hash = '#playground';
    });
    return lab.el('div', { class: 'conflict' },
      lab.el('h3', {}, `Conflict ${k + 1} of ${count} (lines ${c.lines.join('–')}, ${c.platform}): ` +
        (c.unsatisfiable ? 'the constraints cannot all hold' : 'the constraints hold as printed')),
      lab.el('table', {}, lab.el('tr', {}, ['#', 'constraint', 'kind', 'in words'].map((h) => lab.el('th', {}, h))), rows),
      lab.el('div', { class: 'picks' },
        lab.el('p', { class: 'log-apple' }, lab.el('strong', {}, 'Apple broke: '), name(c.apple_broke)),
        lab.el('p', { class: 'log-lab' }, lab.el('strong', {}, "The lab's rule picks: "), name(c.lab_breaks))),
      lab.el('p', {}, 'Minimal conflicting sets: ', c.minimal.map((s) => `{${s.map((k) => `#${index(k) + 1}`).join(', ')}}`).join(' ')),
      fixes.length ? lab.el('ul', {}, fixes) : '',
      lab.el('pre', {}, c.explanation), picture, open);
  },
};

lab.pages.log = logPage;
