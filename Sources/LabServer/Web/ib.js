// The Interface Builder check: a document's scenes, every view coloured by its check-ib status, IB's
// stored rectangle (dashed) and the lab's solved one (solid) overlaid.
'use strict';

const ibPage = {
  colours: { agree: '#2e7d32', disagree: '#c62828', ambiguous: '#ef6c00', misplaced: '#6a1b9a', input: '#9e9e9e',
    translated: '#1565c0', 'ib-ambiguous': '#f9a825', uncounted: '#bdbdbd' },
  loaded: false,

  async init() {
    const select = document.getElementById('ib-file');
    select.addEventListener('change', () => lab.guard(async () => {
      if (select.value) this.show(await lab.api(`/api/ib/check?path=${encodeURIComponent(select.value)}`));
    }));
    lab.onDrop(document.getElementById('ib-drop'), async (name, text) =>
      this.show(await lab.post(`/api/ib/check?name=${encodeURIComponent(name)}`, text, 'text/xml')));
  },

  async shown() {
    if (this.loaded) return;
    this.loaded = true;
    const files = await lab.api('/api/files');
    const select = document.getElementById('ib-file');
    for (const p of files.ib) select.append(lab.el('option', { value: p }, p));
  },

  show(doc) {
    const out = document.getElementById('ib-out');
    const headline = doc.agreement === null ? 'no view to determine'
      : `${lab.format(100 * doc.agreement)}% of ${doc.determinable} determinable views agree with the stored frames`;
    out.replaceChildren(lab.el('h2', {}, `${doc.name} (${doc.platform}): ${headline}`),
      lab.el('div', { class: 'legend' }, Object.entries(this.colours).map(([status, colour]) =>
        lab.el('span', {}, lab.el('span', { class: 'swatch', style: `background:${colour}` }), status))),
      ...doc.scenes.map((s) => this.scene(s)));
  },

  scene(s) {
    const [w, h] = s.size;
    const z = Math.min(460 / Math.max(w, 1), 700 / Math.max(h, 1), 2), m = 10;
    const svg = lab.svg('svg', { class: 'ib', width: w * z + 2 * m, height: h * z + 2 * m });
    svg.append(lab.svg('rect', { class: 'superview', x: m, y: m, width: w * z, height: h * z }));
    for (const v of s.views) {
      const colour = this.colours[v.status] || '#000';
      const box = (r, dashed) => lab.svg('rect', { x: m + r[0] * z, y: m + r[1] * z, width: Math.max(r[2] * z, .5),
        height: Math.max(r[3] * z, .5), fill: dashed ? 'none' : `${colour}22`, stroke: colour,
        'stroke-dasharray': dashed ? '4 3' : '', 'data-id': v.id, 'data-status': v.status });
      svg.append(box(v.stored, true));
      if (v.solved) {
        const solid = box(v.solved, false);
        const title = lab.svg('title');
        title.textContent = `${v.id} (${v.element}): ${v.status}${v.cause ? ', ' + v.cause : ''}\n` +
          `stored ${lab.rect(v.stored)}\nsolved ${lab.rect(v.solved)}`;
        solid.append(title);
        svg.append(solid);
      }
    }
    const off = s.views.filter((v) => v.status !== 'agree' && v.status !== 'uncounted')
      .map((v) => [v.id, v.element, v.status, v.cause || '', lab.rect(v.stored), lab.rect(v.solved)]);
    return lab.el('div', { class: 'scene' },
      lab.el('h3', {}, `${s.name}: ` + Object.entries(s.tally).map(([k, n]) => `${n} ${k}`).join(', ')), svg,
      off.length ? lab.table(['view', 'element', 'status', 'cause', 'stored', 'solved'], off) : '');
  },
};

lab.pages.ib = ibPage;
