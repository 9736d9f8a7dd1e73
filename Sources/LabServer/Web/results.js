// The results browser: runs, their summaries, divergences filtered and paged, one in detail, the SQL box.
'use strict';

const resultsPage = {
  run: null,
  pages: [0],
  causes: new Map(),
  loaded: false,

  $(id) { return document.getElementById(id); },

  init() {
    this.$('results-filters').addEventListener('submit', (e) => {
      e.preventDefault();
      this.pages = [0];
      lab.guard(() => this.divergences());
    });
    this.$('results-next').addEventListener('click', () => lab.guard(() => this.divergences(+1)));
    this.$('results-prev').addEventListener('click', () => lab.guard(() => this.divergences(-1)));
    this.$('sql-run').addEventListener('click', () => this.sql());
    this.$('sql-curated').addEventListener('change', (e) => {
      if (e.target.value) this.$('sql-text').value = this.queries[+e.target.value].sql;
    });
  },

  async shown() {
    if (this.loaded) return;
    this.loaded = true;
    await lab.guard(async () => {
      this.queries = await lab.api('/api/queries');
      this.queries.forEach((q, k) => this.$('sql-curated').append(lab.el('option', { value: k }, `${q.name}: ${q.title}`)));
      if (!lab.info.database) throw new Error('The server was started without a database (layoutlab serve --db results.db).');
      const runs = await lab.api('/api/runs');
      const box = this.$('results-runs');
      box.replaceChildren(lab.el('h2', {}, 'Runs'),
        lab.table(runs.columns, runs.rows, (row, tr) => lab.guard(() => this.pick(row[0], tr))));
      const first = box.querySelector('tr.clickable');
      if (first) first.click();
    });
  },

  async pick(run, tr) {
    for (const t of this.$('results-runs').querySelectorAll('tr')) t.classList.remove('selected');
    tr.classList.add('selected');
    this.run = run;
    const s = await lab.api(`/api/summary?run=${run}`);
    this.$('results-summary').replaceChildren(
      lab.el('h2', {}, `Run ${run}`),
      lab.el('h3', {}, 'By comparison'), lab.table(s.by_comparison.columns, s.by_comparison.rows),
      lab.el('h3', {}, 'By cause'), lab.table(s.by_cause.columns, s.by_cause.rows));
    const form = this.$('results-filters');
    const fill = (name, options) => {
      const select = form.elements[name];
      select.replaceChildren(lab.el('option', { value: '' }, 'any'), ...options);
    };
    fill('comparison', s.comparisons.rows.map((r) => lab.el('option', { value: r[0] }, r[1])));
    fill('cause', s.by_cause.rows.map((r) => lab.el('option', { value: r[0] }, `${r[0]} (${r[1]})`)));
    fill('mask', s.by_mask.rows.map((r) => lab.el('option', { value: r[0] }, `${r[1]} (${r[2]})`)));
    fill('device', s.devices.rows.filter((r) => r[0]).map((r) => lab.el('option', { value: r[0] }, r[0])));
    this.pages = [0];
    await this.divergences();
  },

  // Keyset paging: each page starts after the last id of the one before (the stack goes back).
  async divergences(direction = 0) {
    if (direction > 0) this.pages.push(this.next);
    if (direction < 0 && this.pages.length > 1) this.pages.pop();
    const after = this.pages[this.pages.length - 1];
    const form = new FormData(this.$('results-filters'));
    const query = new URLSearchParams({ run: this.run, after, limit: 25 });
    for (const [k, v] of form.entries()) if (v !== '') query.set(k, v);
    const r = await lab.api(`/api/divergences?${query}`);
    for (const [bit, name] of r.causes) this.causes.set(bit, name);
    const columns = r.page.columns;
    const at = (name) => columns.indexOf(name);
    const rows = r.page.rows.map((row) => [row[at('id')], row[at('comparison')], row[at('unit')], row[at('step')] + 1,
      row[at('view')], row[at('mask_notation')], this.causeList(row[at('cause_bits')]), row[at('size')] ?? '',
      row[at('device')] ?? '']);
    this.$('results-divergences').replaceChildren(
      lab.table(['id', 'comparison', 'unit', 'step', 'view', 'mask', 'causes', 'size', 'device'], rows,
        (row, tr) => lab.guard(() => this.detail(row[0], tr))));
    this.next = r.next;
    this.$('results-next').disabled = r.next === null;
    this.$('results-prev').disabled = this.pages.length <= 1;
    this.$('results-page').textContent = rows.length ? `page ${this.pages.length}` : 'no divergence matches';
  },

  causeList(bits) {
    if (!bits) return 'unexplained';
    return [...this.causes].filter(([bit]) => (BigInt(bits) & BigInt(bit)) !== 0n).map(([, n]) => n).join(', ');
  },

  async detail(id, tr) {
    for (const t of this.$('results-divergences').querySelectorAll('tr')) t.classList.remove('selected');
    tr.classList.add('selected');
    const d = await lab.api(`/api/divergence?id=${id}`);
    const picture = lab.el('div', { id: 'divergence-picture' });
    picture.innerHTML = d.svg;
    const open = lab.el('button', { type: 'button', id: 'divergence-open' }, 'Open in the playground at this step');
    open.disabled = d.external;
    open.addEventListener('click', () => {
      sessionStorage.setItem('playground', JSON.stringify({ name: `divergence ${d.id}`, scenario: d.scenario,
        size: d.size, path: d.path, a: d.a, b: d.b }));
      location.hash = '#playground';
    });
    this.$('results-detail').replaceChildren(lab.el('h3', {}, `Divergence ${d.id}: ${d.view}, ${d.comparison}`),
      lab.el('p', {}, `causes: ${d.causes.join(', ')}`), picture, open);
  },

  sql() {
    lab.guard(async () => {
      const out = this.$('sql-out');
      out.replaceChildren();
      try {
        const r = await lab.post('/api/sql', this.$('sql-text').value, 'text/plain');
        out.append(lab.table(r.columns, r.rows));
        if (r.truncated) out.append(lab.el('p', { class: 'hint' }, 'first 1,000 rows'));
      } catch (error) {
        out.append(lab.el('p', { class: 'bad', id: 'sql-error' }, error.message));
      }
    });
  },
};

lab.pages.results = resultsPage;
