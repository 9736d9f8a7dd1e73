// The playground: a tree laid out two ways at a superview size the reader drags or picks.
'use strict';

const playground = {
  state: { name: '', scenario: null, size: [320, 480], path: [], zoom: 1, result: null },
  busy: false,
  pending: false,

  $(id) { return document.getElementById(id); },

  async init() {
    const files = await lab.api('/api/files');
    const source = this.$('pg-source');
    const group = (label, items) => lab.el('optgroup', { label }, items.map((p) => lab.el('option', { value: p }, p)));
    source.append(lab.el('option', { value: 'generate:' }, 'Generated tree'));
    source.append(group('Scenario files', files.scenarios.map((p) => `scenario:${p}`)));
    source.append(group('Interface Builder documents', files.ib.map((p) => `ib:${p}`)));
    for (const o of source.querySelectorAll('optgroup option')) o.textContent = o.value.replace(/^\w+:/, '');
    const example = files.scenarios.find((p) => p.endsWith('scenarios/example.json'));
    source.value = example ? `scenario:${example}` : 'generate:';
    for (const id of ['pg-a', 'pg-b']) {
      const select = this.$(id);
      for (const side of [...lab.info.springs, ...lab.info.autolayout]) select.append(lab.el('option', {}, side));
    }
    this.$('pg-a').value = 'springs/documented';
    this.$('pg-b').value = 'autolayout/modern/once';
    for (const d of lab.info.devices) this.$('pg-device').append(lab.el('option', { value: d.id }, d.name));
    source.addEventListener('change', () => lab.guard(() => this.load()));
    this.$('pg-scene').addEventListener('change', () => this.pickScene());
    this.$('pg-generate-go').addEventListener('click', () => lab.guard(() => this.generate()));
    for (const id of ['pg-a', 'pg-b']) this.$(id).addEventListener('change', () => this.relayout());
    for (const id of ['pg-width', 'pg-height']) {
      this.$(id).addEventListener('change', () => this.resize([+this.$('pg-width').value, +this.$('pg-height').value]));
    }
    for (const id of ['pg-device', 'pg-orientation']) this.$(id).addEventListener('change', () => this.pickDevice());
    lab.onDrop(this.$('pg-drop'), (name, text) => this.dropped(name, text));
    await this.load();
  },

  // Another page asked for a scenario to be opened (a stored divergence, a conflict log's system).
  shown() {
    const asked = sessionStorage.getItem('playground');
    if (!asked) return;
    sessionStorage.removeItem('playground');
    const o = JSON.parse(asked);
    if (o.a) this.$('pg-a').value = o.a;
    if (o.b) this.$('pg-b').value = o.b;
    this.open(o.name, o.scenario, o.size, o.path || []);
  },

  async load() {
    const [kind, path] = this.$('pg-source').value.split(/:(.*)/s);
    this.$('pg-scene-label').hidden = kind !== 'ib';
    this.$('pg-generate').hidden = kind !== 'generate';
    if (kind === 'scenario') {
      const r = await lab.api(`/api/scenario?path=${encodeURIComponent(path)}`);
      this.open(r.name, r.scenario);
    } else if (kind === 'ib') {
      this.scenes(await lab.api(`/api/ib/scenes?path=${encodeURIComponent(path)}`));
    } else {
      await this.generate();
    }
  },

  async generate() {
    const r = await lab.api(`/api/generate?seed=${this.$('pg-seed').value}&views=${this.$('pg-views').value}`);
    this.open(r.name, r.scenario);
  },

  async dropped(name, text) {
    if (/\.(xib|storyboard)$/i.test(name)) {
      this.$('pg-scene-label').hidden = false;
      this.scenes(await lab.post(`/api/ib/scenes?name=${encodeURIComponent(name)}`, text, 'text/xml'));
    } else {
      const r = await lab.post(`/api/scenario?name=${encodeURIComponent(name)}`, text);
      this.open(r.name, r.scenario);
    }
  },

  scenes(doc) {
    this.doc = doc;
    const select = this.$('pg-scene');
    select.replaceChildren(...doc.scenes.map((s, k) => lab.el('option', { value: k }, `${s.name} (${s.views} views)`)));
    if (!doc.scenes.length) throw new Error(`${doc.name} has no scene the lab can lay out`);
    this.pickScene();
  },

  pickScene() {
    const s = this.doc.scenes[+this.$('pg-scene').value];
    this.open(`${this.doc.name} — ${s.name}`, s.scenario);
  },

  open(name, scenario, size, path = []) {
    const own = [scenario.superview.width, scenario.superview.height];
    this.state = { name, scenario, size: size || own, path, result: null };
    // One zoom for the scenario's life, so a drag does not rescale the picture under the pointer.
    const box = this.$('pg-svg-a').getBoundingClientRect();
    const w = Math.max(own[0], this.state.size[0], 1) * 1.3, h = Math.max(own[1], this.state.size[1], 1) * 1.3;
    this.state.zoom = Math.min((box.width || 480) / w, (box.height || 640) / h, 3);
    this.relayout();
  },

  pickDevice() {
    const d = lab.info.devices.find((x) => x.id === this.$('pg-device').value);
    if (d) this.resize(d[this.$('pg-orientation').value]);
  },

  resize(size) {
    this.state.size = size.map((v) => Math.max(0, Math.round(v * 2) / 2));
    this.state.path = [];
    this.relayout();
  },

  // One request in flight at a time; a drag's moves meanwhile are folded into the next one.
  relayout() {
    if (!this.state.scenario) return;
    if (this.busy) { this.pending = true; return; }
    this.busy = true;
    const request = { scenario: this.state.scenario, size: this.state.size, path: this.state.path,
      a: this.$('pg-a').value, b: this.$('pg-b').value };
    const started = performance.now();
    lab.guard(async () => {
      const result = await lab.post('/api/layout', request);
      result.roundTrip = performance.now() - started;
      this.state.result = result;
      this.draw();
    }).finally(() => {
      this.busy = false;
      if (this.pending) { this.pending = false; this.relayout(); }
    });
  },

  // Everything drawn comes from the result, its size included: while a drag runs ahead of the server,
  // the picture and its label show the layout that was computed, never a size it was not computed at.
  draw() {
    const r = this.state.result;
    const size = [r.superview[2], r.superview[3]];
    // The size fields follow drags and presets, not what the reader is typing into them.
    for (const [k, id] of [[0, 'pg-width'], [1, 'pg-height']]) {
      if (!this.pending && document.activeElement !== this.$(id)) this.$(id).value = size[k];
    }
    this.$('pg-label-a').textContent = `A: ${r.a.label}`;
    this.$('pg-label-b').textContent = `B: ${r.b.label}`;
    const diverging = new Map(r.divergences.map((d) => [d.view, d]));
    for (const [side, svg] of [['a', this.$('pg-svg-a')], ['b', this.$('pg-svg-b')]]) {
      this.drawSide(svg, side, r, diverging);
    }
    this.$('pg-status').textContent = `${this.state.name}: ${r.views.length} views at ` +
      `${lab.format(size[0])}×${lab.format(size[1])}, ${r.divergences.length} diverging ` +
      `(layout ${lab.format(r.ms)} ms, round trip ${lab.format(r.roundTrip)} ms)`;
    this.$('pg-status').dataset.size = size.join('x');
  },

  drawSide(svg, side, r, diverging) {
    const z = this.state.zoom, m = 12;
    const [w, h] = [r.superview[2], r.superview[3]];
    svg.replaceChildren();
    svg.append(lab.svg('rect', { class: 'superview', x: m, y: m, width: w * z, height: h * z }));
    r.a.frames.forEach((_, i) => {
      const f = r[side].frames[i];
      if (f.some((v) => v === null)) return;
      const d = diverging.get(i);
      const rect = lab.svg('rect', { class: 'view' + (d ? ' diverging' : ''), x: m + f[0] * z, y: m + f[1] * z,
        width: Math.max(f[2] * z, 0.5), height: Math.max(f[3] * z, 0.5), 'data-id': r.views[i].id,
        'data-frame': f.join(',') });
      rect.addEventListener('mousemove', (e) => this.tip(e, i));
      rect.addEventListener('mouseleave', () => { this.$('pg-tip').hidden = true; });
      svg.append(rect);
      const label = lab.svg('text', { class: 'label', x: m + f[0] * z + 2, y: m + f[1] * z + 10 });
      label.textContent = r.views[i].id;
      svg.append(label);
      if (d) {
        const cause = lab.svg('text', { class: 'cause', x: m + f[0] * z + 2, y: m + f[1] * z + 20 });
        cause.textContent = d.causes.join(', ');
        svg.append(cause);
      }
    });
    const handle = lab.svg('rect', { class: 'handle', id: `pg-handle-${side}`, x: m + w * z - 6, y: m + h * z - 6,
      width: 12, height: 12 });
    handle.addEventListener('pointerdown', (e) => this.drag(e, svg));
    svg.append(handle);
  },

  // Dragging a pane's corner sets the superview's size, laying out again as it moves.
  drag(event, svg) {
    event.preventDefault();
    const handle = event.target;
    handle.setPointerCapture(event.pointerId);
    const origin = svg.getBoundingClientRect();
    const move = (e) => {
      const z = this.state.zoom;
      this.state.size = [Math.max(0, (e.clientX - origin.left - 12) / z), Math.max(0, (e.clientY - origin.top - 12) / z)]
        .map((v) => Math.round(v * 2) / 2);
      this.state.path = [];
      this.relayout();
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', () => handle.removeEventListener('pointermove', move), { once: true });
  },

  tip(event, i) {
    const r = this.state.result, v = r.views[i];
    const d = r.divergences.find((x) => x.view === i);
    const tip = this.$('pg-tip');
    tip.replaceChildren(
      lab.el('strong', {}, v.id), ` mask ${v.mask}${v.translates ? '' : ' (does not translate its mask)'}`,
      lab.el('div', {}, `A ${lab.rect(r.a.frames[i])}`), lab.el('div', {}, `B ${lab.rect(r.b.frames[i])}`),
      d ? lab.el('div', { class: 'bad' }, `differ by ${lab.format(d.magnitude)}: ${d.causes.join(', ')}`) : '',
      v.constraints.length ? lab.el('code', {}, v.constraints.join('\n')) : '');
    tip.style.left = `${event.clientX + 14}px`;
    tip.style.top = `${event.clientY + 14}px`;
    tip.hidden = false;
  },
};

lab.pages.playground = playground;
