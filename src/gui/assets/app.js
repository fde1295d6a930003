// turncoat gui — the page. The server is authoritative (rules, legality,
// conversions, results): this file renders the STATE JSON it sends and turns
// clicks into actions. Plain ES2020, no framework, no build step.
'use strict';

(() => {
  const TOKEN = new URLSearchParams(location.search).get('token') || '';
  const $ = (id) => document.getElementById(id);
  const COLOR_NAME = { w: 'White', b: 'Black' };
  const PIECE_NAME = { p: 'Pawn', n: 'Knight', b: 'Bishop', r: 'Rook', q: 'Queen', k: 'King' };

  // ---------------------------------------------------------------- client state
  const ui = {
    state: null,
    stateAt: 0, // performance.now() when `state` arrived (clocks count from it)
    posKey: '',
    flipped: false,
    sel: null, // selected square
    chooser: null, // {moves, anchor, title}
    hoverChoice: null,
    waveIdx: null, // index into last.waves, null = the final board
    waveTimer: null,
    turnBefore: false,
    preview: null, // {board, conversions, moves}
    browse: null, // a game mode's earlier position shown while the game goes on: {ply, board, last, turn, ...}
    browseSeq: 0,
    drag: null, // {from, x, y, id, started, ghost}
    suppressClickUntil: 0,
    boardDirty: false,
    boardShape: '',
    keys: {},
    shown: {}, // what the state last wrote into a text box
    force: {}, // overwrite the box with the next state
    lastPgn: '',
    sseAlive: false,
    clientMessage: '',
    clientMessageAt: 0,
    engineLog: [],
    engineHover: false,
    clickAt: null, // performance.now() of the click whose move is on its way
    confirm: null, // an action waiting for its confirmation ('resign')
    shapes: [], // arrows and circles the user drew: {from, to, color} (to === from: a circle)
    rdrag: null, // a right-drag under way: {from}
    premove: null, // a move queued while the engine thinks: {from, to, ply, game}; played at the person's turn if legal
    over: null, // the end last seen ('' while the game runs), to open the game-over dialog once
    dialog: false,
  };
  // Measured latencies (ms), read by the browser test and for the report.
  // engineDrawn: epoch ms at which each engine move was on screen, to set
  // against the engine's own bestmove time.
  const timings = { click: [], engine: [], engineDrawn: [] };
  window.turncoatTimings = timings;

  // ---------------------------------------------------------------- server
  function url(path) {
    return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(TOKEN)}`;
  }

  /** POST /api/ACTION with a JSON body; the parsed answer, or null after showing the error. */
  async function api(action, body) {
    let res;
    try {
      res = await fetch(url(`/api/${action}`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
    } catch (e) {
      showMessage(`${action}: server unreachable (${e.message})`);
      return null;
    }
    let data = null;
    try {
      data = await res.json();
    } catch (_) {
      data = null;
    }
    if (!res.ok) {
      showMessage((data && data.error) || `${action}: HTTP ${res.status}`);
      return null;
    }
    clearClientMessage();
    return data;
  }

  /** An action whose answer is a STATE. */
  // While the live channel is up, states are taken from it alone: it is
  // one ordered stream, whereas an action's answer can arrive after the
  // stream has already brought a newer state (an engine's quick reply) and
  // would put the page back. The answer is used when the stream is down.
  async function act(action, body) {
    if (PREMOVE_ENDS.has(action)) cancelPremove();
    const s = await api(action, body);
    if (s && !ui.sseAlive) applyState(s);
    return s;
  }

  async function poll() {
    try {
      const res = await fetch(url('/api/state'));
      if (res.ok) applyState(await res.json());
    } catch (_) {
      /* the next poll retries */
    }
  }

  /** The live channel; while it is down, GET /api/state is polled once a second. */
  function connect() {
    if (!('EventSource' in window)) return;
    let es;
    try {
      es = new EventSource(url('/api/events'));
    } catch (_) {
      return;
    }
    es.onopen = () => {
      ui.sseAlive = true;
    };
    es.addEventListener('state', (e) => {
      ui.sseAlive = true;
      const t0 = performance.now();
      let s;
      try {
        s = JSON.parse(e.data);
      } catch (_) {
        return;
      }
      const before = ui.state ? ui.state.moves.length : 0;
      applyState(s);
      if (s.moves.length === before + 1 && isEngineSide(s, s.moves[s.moves.length - 1].side)) {
        const ply = s.moves.length;
        afterPaint(() => {
          timings.engine.push(performance.now() - t0);
          timings.engineDrawn.push({ ply, at: performance.timeOrigin + performance.now() });
        });
      }
    });
    es.addEventListener('engine', (e) => {
      try {
        logEngine(JSON.parse(e.data));
      } catch (_) {
        /* not ours to judge */
      }
    });
    es.onerror = () => {
      ui.sseAlive = false;
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 2000);
    };
  }

  function isEngineSide(s, side) {
    const who = side === 'w' ? s.white : s.black;
    return who && who !== 'human';
  }

  function afterPaint(f) {
    requestAnimationFrame(() => setTimeout(f, 0));
  }

  // ---------------------------------------------------------------- state → page
  function applyState(s) {
    if (!s || !s.board) return;
    // a server that numbers its states: never go back to an older one
    if (typeof s.seq === 'number') {
      if (ui.seq !== undefined && s.seq < ui.seq) return;
      ui.seq = s.seq;
    }
    const posKey = [s.variant, s.fen, s.cursor, s.moves.length, s.pending, s.start_fen].join('|');
    if (posKey !== ui.posKey) {
      ui.posKey = posKey;
      // a piece picked up for a premove stays selected when the turn comes
      const keep = ui.sel && ui.state && !ui.state.human_to_move && s.human_to_move && ui.state.board[ui.sel] === s.board[ui.sel];
      if (!keep) ui.sel = null;
      ui.chooser = null;
      ui.hoverChoice = null;
      ui.waveIdx = null;
      stopWaves();
      ui.turnBefore = false;
      ui.preview = null;
      ui.browse = null; // the next move returns the board to the live position
      ui.shapes = [];
      if (ui.clickAt) {
        const start = ui.clickAt;
        ui.clickAt = null;
        afterPaint(() => timings.click.push(performance.now() - start));
      }
    }
    const before = ui.state;
    ui.state = s;
    ui.stateAt = performance.now();
    renderAll();
    soundFor(before, s); // after drawing: the board first
    playPremove();
  }

  function renderAll() {
    if (!ui.state) return;
    renderControls();
    renderBoard();
    renderUnderBoard();
    renderGameActions();
    renderStatus();
    renderPlayers();
    renderClocks();
    renderMoves();
    renderEngine();
    renderEvalBar();
    renderGraph();
    renderPgn();
    renderMessage();
  }

  /** Runs `f` only when `key` differs from the last call's for `name` (no DOM churn). */
  function changed(name, key) {
    if (ui.keys[name] === key) return false;
    ui.keys[name] = key;
    return true;
  }

  // ---------------------------------------------------------------- controls
  function setOptions(select, names, value) {
    const key = names.join('\n');
    if (select.dataset.names !== key) {
      select.dataset.names = key;
      select.replaceChildren(...names.map((n) => new Option(n, n)));
    }
    if (value && names.includes(value) && document.activeElement !== select) select.value = value;
  }

  function renderControls() {
    const s = ui.state;
    const variant = $('variant');
    if (document.activeElement !== variant) {
      if (s.variants && changed('variants', s.variants.join())) {
        const cur = [...variant.options].map((o) => o.value).join();
        if (cur !== s.variants.join()) variant.replaceChildren(...s.variants.map((v) => new Option(v, v)));
      }
      variant.value = s.variant;
    }
    if (document.activeElement !== $('mode')) $('mode').value = s.mode;
    const engines = s.engines || [];
    setOptions($('white-engine'), engines, s.white !== 'human' ? s.white : null);
    setOptions($('black-engine'), engines, s.black !== 'human' ? s.black : null);
    setOptions($('analysis-engine'), engines, s.analysis_engine || null);
    // Text boxes follow the state only while the user has not edited them
    // (event-free: a state may arrive between a clear and the typing).
    syncBox($('tc'), 'tc', s.tc);
    if (document.activeElement !== $('multipv') && s.multipv) $('multipv').value = s.multipv;
    syncBox($('fen'), 'fen', s.fen);
    const pacifist = !!s.influence;
    $('overlay').closest('label').classList.toggle('muted', !pacifist);
    $('undo').disabled = s.moves.length === 0;
  }

  function syncBox(box, name, value) {
    if (!value || document.activeElement === box) return;
    if (ui.force[name] || box.value === ui.shown[name] || ui.shown[name] === undefined) {
      box.value = ui.shown[name] = value;
      ui.force[name] = false;
    }
  }

  function gameSettings() {
    return {
      variant: $('variant').value,
      mode: $('mode').value,
      white: $('white-engine').value || undefined,
      black: $('black-engine').value || undefined,
      tc: $('tc').value.trim() || undefined,
    };
  }

  function newGame(fen) {
    ui.force.fen = ui.force.tc = true;
    const g = gameSettings();
    return act('new', { ...g, fen: fen || null });
  }

  function changeMode() {
    const g = gameSettings();
    ui.force.tc = true;
    return act('mode', { mode: g.mode, white: g.white, black: g.black, tc: g.tc });
  }

  // ---------------------------------------------------------------- board geometry
  function files() {
    return ui.state.files || 'abcdefgh'.slice(0, ui.state.size);
  }

  /** Square names, top-left first, as seen from the current side. */
  function squareOrder() {
    const f = files();
    const n = ui.state.size;
    const out = [];
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const file = ui.flipped ? n - 1 - col : col;
        const rank = ui.flipped ? row + 1 : n - row;
        out.push(f[file] + rank);
      }
    }
    return out;
  }

  /** Centre of a square in board units (one square = 1). */
  function center(sq) {
    const n = ui.state.size;
    const file = files().indexOf(sq[0]);
    const rank = parseInt(sq.slice(1), 10) - 1;
    const col = ui.flipped ? n - 1 - file : file;
    const row = ui.flipped ? rank : n - 1 - rank;
    return { x: col + 0.5, y: row + 0.5 };
  }

  function isLight(sq) {
    return (files().indexOf(sq[0]) + parseInt(sq.slice(1), 10)) % 2 === 1;
  }

  // ---------------------------------------------------------------- legal moves
  function legal() {
    const s = ui.state;
    if (!s || !s.human_to_move || s.result || ui.preview || ui.browse) return [];
    return s.legal || [];
  }

  function movesFrom(sq) {
    return legal().filter((m) => m.from === sq);
  }

  function movesFromTo(from, to) {
    return legal().filter((m) => m.from === from && m.to === to);
  }

  // ---------------------------------------------------------------- premoves (lichess's: one queued move)
  // Actions after which a queued premove no longer belongs to the game.
  const PREMOVE_ENDS = new Set(['new', 'mode', 'undo', 'goto', 'rematch', 'pgn-import', 'abort', 'resign']);

  /** One game: a premove made in it is dropped when another starts. */
  function gameKey(s) {
    return [s.variant, s.mode, s.start_fen, s.white, s.black].join('|');
  }

  /** The person's side while a premove may be made (the engine thinking in a game against it), else null. */
  function premoveSide() {
    const s = ui.state;
    if (!s || s.human_to_move || s.result || s.aborted || ui.preview || ui.browse) return null;
    if (s.variant === 'apocalypse' || !['play-white', 'play-black'].includes(s.mode)) return null;
    const w = s.white === 'human';
    const b = s.black === 'human';
    if (w === b) return null;
    return w ? 'w' : 'b';
  }

  /** May `sq` be picked up for a premove: one of the person's pieces while the engine thinks. */
  function premovable(sq) {
    const side = premoveSide();
    const piece = side && ui.state.board[sq];
    return !!piece && piece[0] === side;
  }

  /** Queues from→to (any other square: the legality is judged when it is played); replaces the one queued. */
  function setPremove(from, to) {
    closeChooser();
    ui.sel = null;
    ui.premove = { from, to, ply: ui.state.moves.length, game: gameKey(ui.state) };
    renderBoard();
  }

  function cancelPremove() {
    const had = !!ui.premove || (ui.sel && premoveSide());
    ui.premove = null;
    if (premoveSide()) ui.sel = null;
    if (had && ui.state) renderBoard();
    return had;
  }

  /** At the person's turn: the queued move is played if legal now (a promotion: a queen), else dropped. */
  function playPremove() {
    const p = ui.premove;
    const s = ui.state;
    if (!p || !s) return;
    if (s.result || s.aborted || gameKey(s) !== p.game || s.moves.length < p.ply) return void cancelPremove();
    if (!s.human_to_move || s.moves.length === p.ply) return; // still the engine's turn
    ui.premove = null;
    const live = ui.preview || ui.browse ? [] : s.legal || [];
    const ms = live.filter((m) => m.from === p.from && m.to === p.to);
    const m = ms.length === 1 ? ms[0] : ms.find((x) => /q$/i.test(x.move));
    if (m) playMove(m.move);
    else renderBoard();
  }

  // ---------------------------------------------------------------- what the board shows
  /** What the board shows: the live state, or an earlier position being browsed. */
  function shown() {
    return ui.browse || ui.state;
  }

  /** The ply the board shows. */
  function shownCursor() {
    return ui.browse ? ui.browse.ply : ui.state.cursor;
  }

  function shownView() {
    const s = shown();
    const last = s.last;
    const view = {
      board: s.board,
      converted: [],
      converting: [],
      removed: [],
      lastSquares: [],
      check: s.check || null,
      overlay: $('overlay').checked && !!s.influence,
    };
    if (ui.preview) {
      view.board = ui.preview.board;
      view.check = ui.preview.check || null;
      view.converted = ui.preview.conversions || [];
      view.overlay = false;
      return view;
    }
    if (s.turn && ui.turnBefore) {
      view.board = s.turn.board_before;
      view.check = null;
      view.overlay = false;
      return view;
    }
    if (last) {
      view.lastSquares = [last.from, last.to].filter(Boolean);
      view.removed = last.removed || [];
      const waves = last.waves || [];
      if (ui.waveIdx !== null && waves.length > 1 && ui.waveIdx < waves.length - 1) {
        view.board = waves[ui.waveIdx].board;
        view.check = null;
        for (let i = 1; i < ui.waveIdx; i++) view.converted.push(...waves[i].converted);
        view.converting = ui.waveIdx > 0 ? waves[ui.waveIdx].converted : [];
        view.overlay = false;
      } else {
        view.converted = last.conversions || [];
      }
    }
    return view;
  }

  // ---------------------------------------------------------------- board
  function ensureSquares() {
    const s = ui.state;
    const shape = `${s.size}|${ui.flipped}|${s.files}`;
    if (shape === ui.boardShape) return;
    ui.boardShape = shape;
    const board = $('board');
    board.style.setProperty('--n', s.size);
    board.replaceChildren();
    const order = squareOrder();
    const n = s.size;
    order.forEach((sq, i) => {
      const el = document.createElement('div');
      el.dataset.square = sq;
      el.className = `sq ${isLight(sq) ? 'light' : 'dark'}`;
      const coords = [];
      if (i % n === 0) coords.push(`<span class="coord rank">${sq.slice(1)}</span>`);
      if (i >= n * (n - 1)) coords.push(`<span class="coord file">${sq[0]}</span>`);
      el.dataset.coords = coords.join('');
      board.appendChild(el);
    });
    ui.keys.board = null;
  }

  function pieceSvg(code) {
    const color = code[0] === 'w' ? 'pw' : 'pb';
    return `<svg class="piece ${color}" data-piece="${code}" viewBox="0 0 45 45"><use href="#piece-${code[1]}"></use></svg>`;
  }

  function renderBoard() {
    if (!ui.state) return;
    if (ui.drag && ui.drag.started) {
      ui.boardDirty = true;
      return;
    }
    ensureSquares();
    const s = shown();
    const view = shownView();
    const choiceMarks = chooserMarks();
    const dests = new Map();
    if (ui.sel) for (const m of movesFrom(ui.sel)) if (m.to) dests.set(m.to, true);
    const pre = ui.premove && !ui.preview && !ui.browse ? ui.premove : null;
    const key = JSON.stringify([view, ui.sel, pre && [pre.from, pre.to], [...dests.keys()], [...choiceMarks.all], [...choiceMarks.hover], view.overlay && s.influence, view.overlay && s.pending_conversions, legal().length]);
    if (changed('board', key)) {
      const influence = view.overlay ? s.influence || {} : null;
      const pendingConv = new Set(view.overlay ? s.pending_conversions || [] : []);
      const converted = new Set(view.converted);
      const converting = new Set(view.converting);
      const removed = new Set(view.removed);
      const lastSq = new Set(view.lastSquares);
      const movable = new Set(legal().map((m) => m.from));
      for (const el of $('board').children) {
        const sq = el.dataset.square;
        const piece = view.board[sq];
        const cls = ['sq', isLight(sq) ? 'light' : 'dark'];
        if (lastSq.has(sq)) cls.push('last');
        if (sq === ui.sel) cls.push('selected');
        if (dests.has(sq)) cls.push(piece ? 'dest-occupied' : 'dest');
        if (piece && converted.has(sq)) cls.push('converted');
        if (converting.has(sq)) cls.push('converting');
        if (!piece && removed.has(sq)) cls.push('removed');
        if (movable.has(sq) || premovable(sq)) cls.push('movable');
        if (pre && (sq === pre.from || sq === pre.to)) {
          cls.push('premove');
          el.dataset.premove = sq === pre.from ? 'from' : 'to';
        } else delete el.dataset.premove;
        if (choiceMarks.all.has(sq)) cls.push('mark');
        if (choiceMarks.hover.has(sq)) cls.push('mark-hover');
        let html = el.dataset.coords;
        if (piece) html += pieceSvg(piece);
        const inf = influence && piece ? influence[sq] : null;
        if (inf) {
          el.dataset.persuasion = inf.persuasion;
          el.dataset.support = inf.support;
          html += `<span class="ov ov-p" title="persuasion">${inf.persuasion}</span><span class="ov ov-s" title="support">${inf.support}</span>`;
          if (inf.over) cls.push('over');
        } else {
          delete el.dataset.persuasion;
          delete el.dataset.support;
        }
        if (pendingConv.has(sq)) cls.push('pending-conv');
        if (sq === view.check) {
          cls.push('check');
          el.dataset.check = '';
        } else delete el.dataset.check;
        el.className = cls.join(' ');
        if (el.dataset.html !== html) {
          el.innerHTML = html;
          el.dataset.html = html;
        }
      }
    }
    renderArrows();
    renderChooser();
    renderPreviewBar();
    for (const f of renderHooks) f();
  }

  // ---------------------------------------------------------------- arrows (apocalypse turn, preview, best line)
  function legs(move) {
    if (!move || move[0] === '@') return [];
    return move.split(',').map((leg) => ({ from: leg.slice(0, 2), to: leg.slice(2, 4) })).filter((l) => /^[a-h][1-8]$/.test(l.from) && /^[a-h][1-8]$/.test(l.to));
  }

  function arrowSvg(from, to, cls, attrs = '') {
    const a = center(from);
    const b = center(to);
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < 0.01) return '';
    const ux = dx / len;
    const uy = dy / len;
    const head = 0.34;
    const x2 = b.x - ux * 0.18;
    const y2 = b.y - uy * 0.18;
    const bx = x2 - ux * head;
    const by = y2 - uy * head;
    const w = 0.16;
    const p1 = `${bx - uy * w},${by + ux * w}`;
    const p2 = `${bx + uy * w},${by - ux * w}`;
    return `<g class="arrow ${cls}"${attrs}><line x1="${a.x + ux * 0.15}" y1="${a.y + uy * 0.15}" x2="${bx}" y2="${by}"></line><polygon points="${x2},${y2} ${p1} ${p2}"></polygon></g>`;
  }

  function crossSvg(sq, cls) {
    const c = center(sq);
    const r = 0.2;
    return `<g class="${cls}"><line x1="${c.x - r}" y1="${c.y - r}" x2="${c.x + r}" y2="${c.y + r}"></line><line x1="${c.x - r}" y1="${c.y + r}" x2="${c.x + r}" y2="${c.y - r}"></line></g>`;
  }

  function burstSvg(sq) {
    const c = center(sq);
    const pts = [];
    for (let i = 0; i < 16; i++) {
      const r = i % 2 ? 0.2 : 0.44;
      const a = (i * Math.PI) / 8;
      pts.push(`${c.x + r * Math.cos(a)},${c.y + r * Math.sin(a)}`);
    }
    return `<polygon class="collision" points="${pts.join(' ')}"></polygon>`;
  }

  function turnArrows(turn) {
    let out = '';
    for (const [side, move, valid] of [['w', turn.white, turn.white_valid], ['b', turn.black, turn.black_valid]]) {
      const ls = legs(move);
      ls.forEach((l, i) => {
        const cls = `${side === 'w' ? 'arrow-w' : 'arrow-b'}${valid ? '' : ' failed'}${i > 0 ? ' relocation' : ''}`;
        out += arrowSvg(l.from, l.to, cls);
      });
      if (!valid && ls.length) out += crossSvg(ls[ls.length - 1].to, 'fail-mark');
    }
    if (turn.collision) out += burstSvg(turn.collision);
    for (const sq of turn.relocations || []) {
      const c = center(sq);
      out += `<circle class="relocated" cx="${c.x}" cy="${c.y}" r="0.44"></circle>`;
    }
    return out;
  }

  function renderArrows() {
    const s = ui.state;
    const svg = $('arrows');
    let body = '';
    if (ui.preview) {
      const ls = ui.preview.moves.flatMap(legs);
      ls.forEach((l, i) => {
        body += arrowSvg(l.from, l.to, i === ls.length - 1 ? 'arrow-preview' : 'arrow-preview old');
      });
    } else if (shown().turn) {
      body += turnArrows(shown().turn);
    } else if (ui.browse) {
      /* an earlier position: no engine arrows */
    } else if (s.mode === 'analysis' && !s.result) {
      // every line's first move, the best drawn last (on top)
      const lines = (s.engine_output || []).filter((l) => l.pv && l.pv.length);
      lines.sort((a, b) => (b.multipv || 1) - (a.multipv || 1));
      for (const line of lines) {
        for (const l of legs(line.pv[0])) {
          if (s.board[l.from]) body += arrowSvg(l.from, l.to, (line.multipv || 1) === 1 ? 'arrow-best' : 'arrow-best alt');
        }
      }
    }
    for (const sh of ui.shapes) {
      if (sh.from === sh.to) {
        const c = center(sh.from);
        body += `<circle class="user-circle ${sh.color}" data-circle="${sh.from}" cx="${c.x}" cy="${c.y}" r="0.45"></circle>`;
      } else body += arrowSvg(sh.from, sh.to, `user ${sh.color}`, ` data-arrow="${sh.from}${sh.to}"`);
    }
    const key = `${s.size}|${body}`;
    if (changed('arrows', key)) {
      svg.setAttribute('viewBox', `0 0 ${s.size} ${s.size}`);
      svg.innerHTML = body;
    }
  }

  // ---------------------------------------------------------------- choices (promotion, payment, relocation)
  function chooserMarks() {
    const all = new Set();
    const hover = new Set();
    if (ui.chooser) {
      for (const m of ui.chooser.moves) {
        for (const sq of m.marks || []) {
          all.add(sq);
          if (ui.hoverChoice === m.move) hover.add(sq);
        }
      }
    }
    return { all, hover };
  }

  function openChooser(moves, anchor) {
    const sub = moves.every((m) => m.to === null);
    const promo = moves.every((m) => !m.marks || m.marks.length === 0);
    let title = 'Choose';
    if (sub) title = `Subvert ${anchor}: choose the payment`;
    else if (promo) title = 'Promote to';
    else title = 'Choose the move';
    ui.chooser = { moves, anchor, title };
    ui.hoverChoice = null;
    renderBoard();
  }

  function closeChooser() {
    ui.chooser = null;
    ui.hoverChoice = null;
  }

  function choiceLabel(m) {
    if (m.label) return m.label;
    return m.move;
  }

  function promotionPiece(m) {
    const last = m.move.slice(-1);
    if (!m.to || !/[nbrq]/.test(last) || m.move.includes(',')) return null;
    const side = ui.state.side_to_move;
    return side + last.toUpperCase();
  }

  function renderChooser() {
    const box = $('chooser');
    const c = ui.chooser;
    const key = c ? JSON.stringify([c.moves.map((m) => m.move), c.anchor, ui.flipped]) : '';
    if (!changed('chooser', key)) return;
    if (!c) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const items = c.moves
      .map((m) => {
        const p = promotionPiece(m);
        const icon = p ? pieceSvg(p).replace('data-piece=', 'data-icon=') : '';
        return `<button type="button" class="choice" data-choice="${escapeHtml(m.move)}" title="${escapeHtml(m.move)}">${icon}<span>${escapeHtml(choiceLabel(m))}</span></button>`;
      })
      .join('');
    box.innerHTML = `<div class="chooser-title">${escapeHtml(c.title)}</div><div class="choices">${items}</div><button type="button" class="chooser-cancel">Cancel</button>`;
    box.hidden = false;
    placeChooser(box, c.anchor);
  }

  /** Next to the anchor square, inside the board. */
  function placeChooser(box, anchor) {
    const n = ui.state.size;
    const c = center(anchor);
    const wrap = $('board-wrap').getBoundingClientRect();
    const sqPx = wrap.width / n;
    box.style.left = '0px';
    box.style.top = '0px';
    const bw = box.offsetWidth;
    const bh = box.offsetHeight;
    let left = c.x * sqPx - bw / 2;
    left = Math.max(4, Math.min(wrap.width - bw - 4, left));
    let top = c.y < n / 2 ? (c.y + 0.5) * sqPx + 4 : (c.y - 0.5) * sqPx - bh - 4;
    top = Math.max(4, Math.min(wrap.height - bh - 4, top));
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }

  /** While choosing: a click on a square that is the only mark of one choice plays it. */
  function choiceBySquare(sq) {
    if (!ui.chooser) return null;
    const hits = ui.chooser.moves.filter((m) => (m.marks || []).length === 1 && m.marks[0] === sq);
    return hits.length === 1 ? hits[0] : null;
  }

  // ---------------------------------------------------------------- input: clicks and drags
  function onSquareClick(sq, t0) {
    const s = ui.state;
    if (!s || ui.preview) return;
    if (ui.browse) return void endBrowse(); // a click on the board returns to the game
    if (ui.chooser) {
      const hit = choiceBySquare(sq);
      closeChooser();
      if (hit) return playMove(hit.move, t0);
    }
    if (premoveSide()) {
      // the engine thinks: pick up one of the person's pieces, then any other square queues the premove
      if (ui.sel && sq !== ui.sel) return setPremove(ui.sel, sq);
      ui.sel = sq !== ui.sel && premovable(sq) ? sq : null;
      return renderBoard();
    }
    if (ui.sel && sq !== ui.sel) {
      const ms = movesFromTo(ui.sel, sq);
      if (ms.length === 1) return playMove(ms[0].move, t0);
      if (ms.length > 1) return openChooser(ms, sq);
    }
    if (sq === ui.sel) {
      ui.sel = null;
      return renderBoard();
    }
    const from = movesFrom(sq);
    ui.sel = from.length ? sq : null;
    const subversions = from.filter((m) => m.to === null);
    if (subversions.length) return openChooser(subversions, sq);
    renderBoard();
  }

  async function playMove(move, t0) {
    const start = t0 ?? performance.now();
    closeChooser();
    ui.sel = null;
    renderBoard();
    ui.clickAt = start; // timed in applyState, when the position changes
    const s = await act('move', { move });
    if (!s) ui.clickAt = null;
  }

  // ---------------------------------------------------------------- arrows and circles by right-drag (lichess's colours)
  function shapeColor(e) {
    if (e.shiftKey) return 'red';
    if (e.altKey) return 'blue';
    if (e.ctrlKey || e.metaKey) return 'yellow';
    return 'green';
  }

  function onRightDown(e) {
    const el = e.target.closest('[data-square]');
    if (!el) return;
    e.preventDefault();
    ui.rdrag = { from: el.dataset.square };
  }

  function onRightUp(e) {
    const d = ui.rdrag;
    ui.rdrag = null;
    if (!d) return;
    const el = squareAt(e.clientX, e.clientY);
    if (!el) return;
    const to = el.dataset.square;
    if (to === d.from && cancelPremove()) return; // a right click (no drag) cancels the premove
    const color = shapeColor(e);
    const i = ui.shapes.findIndex((sh) => sh.from === d.from && sh.to === to);
    if (i >= 0) {
      const same = ui.shapes[i].color === color;
      ui.shapes.splice(i, 1); // the same shape again: removed; another colour: replaced
      if (!same) ui.shapes.push({ from: d.from, to, color });
    } else ui.shapes.push({ from: d.from, to, color });
    renderArrows();
  }

  function squareAt(x, y) {
    const el = document.elementFromPoint(x, y);
    return el ? el.closest('[data-square]') : null;
  }

  function onPointerDown(e) {
    if (e.button === 2) return void onRightDown(e);
    if (e.button === 0 && ui.shapes.length) {
      ui.shapes = []; // a left click clears the drawing
      renderArrows();
    }
    if (e.button !== 0 || ui.preview) return;
    const el = e.target.closest('[data-square]');
    if (!el) return;
    const sq = el.dataset.square;
    if (!ui.state.board[sq] || !(movesFrom(sq).some((m) => m.to) || premovable(sq))) return;
    ui.drag = { from: sq, x: e.clientX, y: e.clientY, id: e.pointerId, started: false, ghost: null };
  }

  function onPointerMove(e) {
    const d = ui.drag;
    if (!d || e.pointerId !== d.id) return;
    if (!d.started) {
      if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
      d.started = true;
      const from = document.querySelector(`[data-square="${d.from}"]`);
      const piece = from && from.querySelector('[data-piece]');
      if (!piece) {
        ui.drag = null;
        return;
      }
      closeChooser();
      ui.sel = d.from;
      ui.drag.started = false; // draw the destinations once, then freeze the board
      renderBoard();
      ui.drag.started = true;
      const ghost = document.createElement('div');
      ghost.className = 'drag-ghost';
      const size = from.getBoundingClientRect().width;
      ghost.style.width = ghost.style.height = `${size}px`;
      ghost.innerHTML = pieceSvg(ui.state.board[d.from]).replace('data-piece=', 'data-ghost=');
      document.body.appendChild(ghost);
      from.classList.add('drag-from');
      d.ghost = ghost;
      d.size = size;
    }
    d.ghost.style.transform = `translate(${e.clientX - d.size / 2}px, ${e.clientY - d.size / 2}px)`;
    document.querySelectorAll('.drag-over').forEach((x) => x.classList.remove('drag-over'));
    const over = squareAt(e.clientX, e.clientY);
    if (over) over.classList.add('drag-over');
  }

  function onPointerUp(e) {
    const d = ui.drag;
    if (!d || e.pointerId !== d.id) return;
    ui.drag = null;
    if (!d.started) return; // a click: the click handler does it
    const t0 = performance.now();
    ui.suppressClickUntil = t0 + 400;
    d.ghost.remove();
    document.querySelectorAll('.drag-over, .drag-from').forEach((x) => x.classList.remove('drag-over', 'drag-from'));
    const target = squareAt(e.clientX, e.clientY);
    const to = target ? target.dataset.square : null;
    ui.boardDirty = false;
    if (to && to !== d.from && premoveSide()) return void setPremove(d.from, to);
    if (to && to !== d.from) {
      const ms = movesFromTo(d.from, to);
      if (ms.length === 1) return void playMove(ms[0].move, t0);
      if (ms.length > 1) return void openChooser(ms, to);
    }
    ui.keys.board = null;
    renderBoard();
  }

  function onPointerCancel() {
    const d = ui.drag;
    ui.drag = null;
    if (d && d.ghost) d.ghost.remove();
    document.querySelectorAll('.drag-over, .drag-from').forEach((x) => x.classList.remove('drag-over', 'drag-from'));
    ui.keys.board = null;
    renderBoard();
  }

  // ---------------------------------------------------------------- resign, draw, abort, rematch; the game-over dialog
  function renderGameActions() {
    const s = ui.state;
    const a = s.actions || {};
    if (!a.resign) ui.confirm = null;
    $('abort').hidden = !a.abort;
    $('draw').hidden = !a.draw;
    $('resign').hidden = !a.resign || ui.confirm === 'resign';
    $('resign-confirm').hidden = ui.confirm !== 'resign';
    $('rematch').hidden = !a.rematch;
    $('game-actions').hidden = !(a.abort || a.draw || a.resign || a.rematch);
    // the dialog opens when a game this page watched ends
    const over = s.result ? `${s.result}|${s.reason}` : s.aborted ? 'aborted' : '';
    if (ui.over !== null && over && over !== ui.over && s.mode !== 'analysis') ui.dialog = true;
    if (!over) ui.dialog = false;
    ui.over = over;
    $('game-over').hidden = !ui.dialog;
    if (ui.dialog) {
      $('go-result').textContent = s.result || '*';
      $('go-reason').textContent = s.aborted ? 'Game aborted' : s.reason;
      $('go-rematch').hidden = !a.rematch;
    }
  }

  async function offerDraw() {
    const res = await api('draw', {});
    if (res && res.draw === 'declined') showMessage(res.draw_message || 'the draw is declined');
    if (res && !ui.sseAlive) applyState(res);
  }

  function rematch() {
    ui.dialog = false;
    return act('rematch', {});
  }

  // ---------------------------------------------------------------- under the board
  function renderUnderBoard() {
    const s = ui.state;
    const result = s.result ? `${s.result}${s.reason ? ` \u2014 ${s.reason}` : ''}` : s.aborted ? 'Game aborted' : '';
    if ($('result').textContent !== result) $('result').textContent = result;
    $('result').classList.toggle('shown', !!result);
    renderWaves();
    renderTurn();
    const pen = $('penalties');
    const penalties = shown().penalties;
    if (penalties) {
      pen.hidden = false;
      const pips = (n) => `<span class="pips">${'\u25cf'.repeat(Math.min(n, 2))}${'\u25cb'.repeat(Math.max(0, 2 - n))}</span>`;
      const html = `<span class="pen-title">Penalty points</span> <span class="pen" data-side="w">White ${penalties.w} ${pips(penalties.w)}</span> <span class="pen" data-side="b">Black ${penalties.b} ${pips(penalties.b)}</span>`;
      if (changed('penalties', html)) pen.innerHTML = html;
      pen.dataset.w = penalties.w;
      pen.dataset.b = penalties.b;
    } else {
      pen.hidden = true;
    }
    const pending = $('pending');
    pending.hidden = !s.pending;
    if (s.pending) pending.textContent = `${COLOR_NAME[s.pending]} has chosen (hidden) \u2014 ${COLOR_NAME[s.pending === 'w' ? 'b' : 'w']} to choose`;
  }

  function renderWaves() {
    const s = ui.state;
    const last = shown().last;
    const waves = (last && last.waves) || [];
    const box = $('waves');
    if (waves.length < 2 || ui.preview) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const n = waves.length - 1;
    const i = ui.waveIdx === null ? n : ui.waveIdx;
    const total = waves.reduce((k, w) => k + w.converted.length, 0);
    let label = `wave ${i} of ${n}: ${waves[i].converted.join(' ')} converted`;
    if (i === 0) label = `the move, before conversions (wave 0 of ${n})`;
    else if (ui.waveIdx === null) label = `cascade: ${n} wave${n > 1 ? 's' : ''}, ${total} converted (wave ${n} of ${n})`;
    $('wave-label').textContent = label;
    $('wave-prev').disabled = i === 0;
    $('wave-next').disabled = i === n;
    $('wave-play').textContent = ui.waveTimer ? 'stop' : 'play';
  }

  function stepWave(delta) {
    const last = shown().last;
    const waves = (last && last.waves) || [];
    if (waves.length < 2) return;
    const n = waves.length - 1;
    const i = ui.waveIdx === null ? n : ui.waveIdx;
    const j = Math.max(0, Math.min(n, i + delta));
    ui.waveIdx = j === n ? null : j;
    renderBoard();
    renderWaves();
  }

  function stopWaves() {
    if (ui.waveTimer) clearInterval(ui.waveTimer);
    ui.waveTimer = null;
  }

  function playWaves() {
    if (ui.waveTimer) {
      stopWaves();
      renderWaves();
      return;
    }
    ui.waveIdx = 0;
    renderBoard();
    ui.waveTimer = setInterval(() => {
      stepWave(1);
      if (ui.waveIdx === null) {
        stopWaves();
        renderWaves();
      }
    }, 700);
    renderWaves();
  }

  function describePly(move, valid) {
    return valid ? move : `${move} (failed speculation, +1 penalty)`;
  }

  function renderTurn() {
    const s = ui.state;
    const box = $('turn-info');
    const t = shown().turn;
    if (!t || ui.preview) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const parts = [
      `<span class="tw">White ${escapeHtml(describePly(t.white, t.white_valid))}</span>`,
      `<span class="tb">Black ${escapeHtml(describePly(t.black, t.black_valid))}</span>`,
    ];
    if (t.collision) parts.push(`<span class="tc">collision on ${escapeHtml(t.collision)}</span>`);
    if (t.relocations && t.relocations.length) parts.push(`relocated to ${escapeHtml(t.relocations.join(' '))}`);
    const html = `Last turn: ${parts.join(' \u00b7 ')}`;
    if (changed('turn', html)) $('turn-text').innerHTML = html;
    $('turn-before').checked = ui.turnBefore;
  }

  // ---------------------------------------------------------------- status, players, clocks
  function sideName(s, side) {
    const who = side === 'w' ? s.white : s.black;
    if (!who || who === 'human') return s.mode === 'hotseat' || s.mode === 'analysis' ? COLOR_NAME[side] : `${COLOR_NAME[side]} \u00b7 you`;
    return `${COLOR_NAME[side]} \u00b7 ${who}`;
  }

  function renderStatus() {
    const s = ui.state;
    let text;
    const apoc = !!s.penalties;
    if (s.result) text = `Game over: ${s.result}${s.reason ? ` (${s.reason})` : ''}`;
    else if (s.pending) text = `${COLOR_NAME[s.pending]} has chosen \u2014 ${COLOR_NAME[s.side_to_move]} to choose`;
    else if (s.thinking) text = `${sideName(s, s.thinking)} is thinking\u2026`;
    else text = `${COLOR_NAME[s.side_to_move]} to ${apoc ? 'choose' : 'move'}`;
    if (shownCursor() < s.moves.length) text += ` \u2014 viewing ply ${shownCursor()} of ${s.moves.length}`;
    if (ui.preview) text = 'Preview of an engine line';
    $('status').textContent = text;
    $('status').dataset.side = s.side_to_move;
  }

  function renderPlayers() {
    const s = ui.state;
    const top = ui.flipped ? 'w' : 'b';
    const bottom = ui.flipped ? 'b' : 'w';
    const [topEl, bottomEl] = [$(`player-${top}`), $(`player-${bottom}`)];
    if ($('row-top').firstElementChild !== topEl) {
      $('row-top').replaceChildren(topEl);
      $('row-bottom').replaceChildren(bottomEl);
    }
    for (const side of ['w', 'b']) {
      $(`name-${side}`).textContent = sideName(s, side);
      $(`player-${side}`).classList.toggle('to-move', !s.result && s.side_to_move === side);
      $(`player-${side}`).classList.toggle('thinking', s.thinking === side);
    }
  }

  function formatClock(ms) {
    const t = Math.max(0, ms);
    const m = Math.floor(t / 60000);
    const sec = Math.floor((t % 60000) / 1000);
    if (t < 20000) return `${m}:${String(sec).padStart(2, '0')}.${Math.floor((t % 1000) / 100)}`;
    return `${m}:${String(sec).padStart(2, '0')}`;
  }

  function renderClocks() {
    const s = ui.state;
    for (const side of ['w', 'b']) {
      const el = $(`clock-${side}`);
      if (!s || !s.clock) {
        el.hidden = true;
        continue;
      }
      el.hidden = false;
      const running = s.clock.running === side && !s.result;
      const left = s.clock[side] - (running ? performance.now() - ui.stateAt : 0);
      el.textContent = formatClock(left);
      el.classList.toggle('running', running);
      el.classList.toggle('low', left < 10000);
      // low time, once per game, for a person's clock
      if (running && left < 10000 && !isEngineSide(s, side) && ui.lowTimeWarned !== `${s.start_fen}|${side}|${s.mode}`) {
        ui.lowTimeWarned = `${s.start_fen}|${side}|${s.mode}`;
        playSound('lowtime');
      }
    }
  }

  // ---------------------------------------------------------------- move list
  /** One element per ply; a list that only grew gets its new plies appended (long games). */
  function renderMoves() {
    const s = ui.state;
    const list = s.moves.map((m) => m.move);
    const cursor = shownCursor();
    const key = JSON.stringify([list, cursor, s.pending]);
    if (!changed('moves', key)) return;
    const box = $('moves');
    const drawn = ui.movesDrawn || [];
    const grows = !s.pending && !ui.movesPending && drawn.length > 0 && drawn.length <= list.length && drawn.every((m, i) => m === list[i]);
    if (!grows) box.replaceChildren();
    let row = grows ? box.lastElementChild : null;
    for (const m of s.moves.slice(grows ? drawn.length : 0)) row = appendPly(box, row, m, s);
    ui.movesDrawn = list;
    ui.movesPending = !!s.pending;
    if (!s.moves.length) box.innerHTML = '<div class="empty-note">no moves yet</div>';
    for (const el of box.querySelectorAll('.ply.current')) el.classList.remove('current');
    const cur = box.querySelector(`[data-ply="${cursor}"]`);
    if (cur) {
      cur.classList.add('current');
      // measured at the next frame, once every panel has changed: one layout, not two
      requestAnimationFrame(() => {
        const top = cur.offsetTop; // #moves is the offset parent
        if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - cur.offsetHeight) box.scrollTop = top - box.clientHeight / 2;
      });
    }
    $('goto-start').classList.toggle('current', cursor === 0);
  }

  /** Appends ply `m` to the list (a new row for White's ply); returns the row. */
  function appendPly(box, row, m, s) {
    if (m.side === 'w' || !row) {
      row = document.createElement('div');
      row.className = 'move-row';
      const num = document.createElement('span');
      num.className = 'move-num';
      num.textContent = m.side === 'w' ? `${m.number}.` : `${m.number}\u2026`;
      row.appendChild(num);
      if (m.side === 'b') row.appendChild(Object.assign(document.createElement('span'), { className: 'ply empty' }));
      box.appendChild(row);
    }
    const el = document.createElement('span');
    el.className = 'ply';
    el.dataset.move = m.move;
    el.dataset.ply = m.ply;
    // apocalypse: the choice of the side that chose first stays hidden until the turn resolves
    const hidden = s.pending && m.side === s.pending && m.ply === s.moves.length;
    el.textContent = hidden ? '(chosen)' : (m.san || m.move);
    if (hidden) el.classList.add('hidden-ply');
    if (m.score !== null && m.score !== undefined) el.title = `eval ${formatEval(m.score)} (White's view)`;
    row.appendChild(el);
    return row;
  }

  /** Goes to a ply: in analysis the position shown (the server's); in a
   * game mode only what the board shows, the game going on (browsing). */
  async function gotoPly(ply) {
    const s = ui.state;
    if (!s) return;
    const k = Math.max(0, Math.min(s.moves.length, ply));
    if (s.mode === 'analysis') {
      if (k !== s.cursor) act('goto', { ply: k });
      return;
    }
    const seq = ++ui.browseSeq;
    const live = k >= s.moves.length - (s.pending ? 1 : 0);
    if (live) {
      if (ui.browse) endBrowse();
      return;
    }
    if (ui.browse && ui.browse.ply === k) return;
    const key = ui.posKey;
    const res = await api('preview', { ply: k });
    // a newer key press, or a move played meanwhile (the live position wins)
    if (!res || seq !== ui.browseSeq || key !== ui.posKey) return;
    closeChooser();
    ui.sel = null;
    ui.waveIdx = null;
    stopWaves();
    ui.turnBefore = false;
    ui.browse = { ...res, ply: k };
    renderAll();
  }

  function endBrowse() {
    ui.browseSeq++;
    ui.browse = null;
    ui.waveIdx = null;
    renderAll();
  }

  // ---------------------------------------------------------------- engine output, graph
  function formatNodes(n) {
    if (n === null || n === undefined) return '';
    if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
    if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
    if (n >= 1e4) return `${Math.round(n / 1e3)}k`;
    return String(n);
  }

  // The table is left alone while the pointer is over it, so a move of a
  // line being aimed at does not move away under the pointer.
  function renderEngine() {
    const s = ui.state;
    const lines = s.engine_output || [];
    if (ui.engineHover) return;
    const key = JSON.stringify(lines);
    if (!changed('engine', key)) return;
    const box = $('engine-output');
    if (!lines.length) {
      box.innerHTML = '<div class="empty-note">no engine output</div>';
      return;
    }
    const rows = lines
      .map((l, i) => {
        const pvText = escapeHtml((l.pv || []).join(' '));
        const pv = (l.pv || []).map((m, j) => `<span class="pv-move" data-line="${i}" data-idx="${j}" data-pv="${pvText}">${escapeHtml(m)}</span>`).join(' ');
        // the score from White's view; the searching side's own after it when that is Black
        const own = l.side === 'b' && l.score ? ` <span class="own-score" title="from Black's view">(Black ${escapeHtml(l.score)})</span>` : '';
        return `<tr><td class="num line-no">${l.multipv || 1}</td><td class="num">${l.depth ?? ''}</td><td class="num score">${escapeHtml(formatEval(l.cp))}${own}</td><td class="num">${formatNodes(l.nodes)}</td><td class="pv">${pv}</td></tr>`;
      })
      .join('');
    const names = [...new Set(lines.map((l) => `${l.side ? `<span class="side-dot ${l.side}"></span>` : ''}${escapeHtml(l.engine || '')}`))].join(', ');
    box.innerHTML = `<div class="engine-name">${names}</div><table><thead><tr><th title="line">#</th><th>depth</th><th title="centipawns as pawns, from White's view (+: White is better)">eval (White)</th><th>nodes</th><th>PV (click a move to preview)</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  /** The line as drawn (`pvText`), which may be older than the state's. */
  async function previewLine(lineIdx, moveIdx, pvText) {
    const line = (ui.state.engine_output || [])[lineIdx];
    const pv = pvText ? pvText.split(' ') : line ? line.pv : [];
    if (!pv.length) return;
    const moves = pv.slice(0, moveIdx + 1);
    const res = await api('preview', { moves });
    if (!res) return;
    if (res.error) {
      showMessage(`preview: ${res.error}`);
      return;
    }
    closeChooser();
    ui.sel = null;
    ui.preview = { board: res.board, check: res.check, conversions: res.conversions || (res.last && res.last.conversions) || [], moves };
    renderAll();
  }

  function endPreview() {
    ui.preview = null;
    renderAll();
  }

  function renderPreviewBar() {
    const bar = $('preview-bar');
    bar.hidden = !ui.preview;
    if (ui.preview) $('preview-label').textContent = `Preview: ${ui.preview.moves.join(' ')}`;
  }

  const MATE = 100000;

  /** White's view of a score (centipawns, mates as ±(100000 - n)): `+0.35`, `#3`, `#-2`. */
  function formatEval(cp) {
    if (cp === null || cp === undefined) return '';
    if (Math.abs(cp) > MATE - 1000) return `#${cp > 0 ? MATE - cp : -(MATE + cp)}`;
    return `${cp >= 0 ? '+' : '\u2212'}${(Math.abs(cp) / 100).toFixed(2)}`;
  }

  /** `data-score` of the eval bar: centipawns, or `mate N` (N > 0: White mates). */
  function scoreAttr(cp) {
    if (Math.abs(cp) > MATE - 1000) return `mate ${cp > 0 ? MATE - cp : -(MATE + cp)}`;
    return String(cp);
  }

  /** White's view of the position shown: the engine's current line for the
   * live position, else the last evaluation at or before the ply shown. */
  function shownEval() {
    const s = ui.state;
    if (!ui.browse && !ui.preview) {
      const best = (s.engine_output || []).find((l) => (l.multipv || 1) === 1 && l.cp !== null && l.cp !== undefined);
      if (best) return best.cp;
    }
    if (ui.preview) return null;
    const evals = s.evals || [];
    for (let i = Math.min(shownCursor(), evals.length - 1); i >= 0; i--) {
      if (evals[i] !== null && evals[i] !== undefined) return evals[i];
    }
    return null;
  }

  function renderEvalBar() {
    const cp = shownEval();
    const bar = $('eval-bar');
    const key = `${cp}|${ui.flipped}`;
    if (!changed('eval-bar', key)) return;
    if (cp === null) {
      bar.dataset.score = '';
      bar.style.setProperty('--white', '50%');
      bar.title = 'no evaluation yet';
      $('eval-bar-label').textContent = '';
      return;
    }
    // lichess's winning chances: 2 / (1 + e^(-0.00368 cp)) - 1
    const chances = Math.abs(cp) > MATE - 1000 ? Math.sign(cp) : 2 / (1 + Math.exp(-0.00368208 * cp)) - 1;
    bar.dataset.score = scoreAttr(cp);
    bar.style.setProperty('--white', `${(50 + 50 * chances).toFixed(1)}%`);
    bar.classList.toggle('flipped', ui.flipped);
    bar.title = `eval ${formatEval(cp)} (White's view)`;
    $('eval-bar-label').textContent = formatEval(cp).replace(/^\+/, '');
  }

  const GRAPH = { w: 400, h: 110, clamp: 600 };

  function renderGraph() {
    const s = ui.state;
    const evals = s.evals || [];
    const key = JSON.stringify([evals, shownCursor(), s.moves.length]);
    if (!changed('graph', key)) return;
    const { w, h, clamp } = GRAPH;
    const n = Math.max(evals.length - 1, s.moves.length, 1);
    const x = (i) => (i / n) * w;
    const y = (cp) => h / 2 - (Math.max(-clamp, Math.min(clamp, cp)) / clamp) * (h / 2 - 4);
    let line = '';
    let area = '';
    let seg = [];
    const flush = () => {
      if (seg.length > 1) {
        line += `<polyline class="g-line" points="${seg.map((p) => p.join(',')).join(' ')}"></polyline>`;
        area += `<polygon class="g-area" points="${seg[0][0]},${h / 2} ${seg.map((p) => p.join(',')).join(' ')} ${seg[seg.length - 1][0]},${h / 2}"></polygon>`;
      } else if (seg.length === 1) {
        line += `<circle class="g-dot" cx="${seg[0][0]}" cy="${seg[0][1]}" r="2.5"></circle>`;
      }
      seg = [];
    };
    // A line through the evaluations known; a ply without one between two
    // that have one (the person's move in a game against the engine) is
    // bridged, two or more in a row leave a gap.
    let lastKnown = -1;
    evals.forEach((cp, i) => {
      if (cp === null || cp === undefined) return;
      if (lastKnown >= 0 && i - lastKnown > 2) flush();
      seg.push([x(i).toFixed(1), y(cp).toFixed(1)]);
      lastKnown = i;
    });
    flush();
    const cx = x(shownCursor()).toFixed(1);
    $('eval-graph').innerHTML = `<rect class="g-bg" x="0" y="0" width="${w}" height="${h / 2}"></rect><rect class="g-bg2" x="0" y="${h / 2}" width="${w}" height="${h / 2}"></rect>${area}<line class="g-zero" x1="0" y1="${h / 2}" x2="${w}" y2="${h / 2}"></line>${line}<line class="g-cursor" x1="${cx}" y1="0" x2="${cx}" y2="${h}"></line>`;
    $('eval-graph').dataset.n = n;
  }

  function onGraphClick(e) {
    const svg = $('eval-graph');
    const r = svg.getBoundingClientRect();
    const n = parseInt(svg.dataset.n || '1', 10);
    gotoPly(Math.round(((e.clientX - r.left) / r.width) * n));
  }

  function logEngine(ev) {
    ui.engineLog.push(`${ev.engine}${ev.side ? ` (${ev.side})` : ''}: ${ev.line}`);
    if (ui.engineLog.length > 200) ui.engineLog.splice(0, ui.engineLog.length - 200);
  }

  // ---------------------------------------------------------------- PGN, messages
  function renderPgn() {
    const s = ui.state;
    const games = s.pgn_games || [];
    const sel = $('pgn-games');
    sel.hidden = games.length < 2;
    if (changed('pgn-games', games.join('\n'))) sel.replaceChildren(...games.map((g, i) => new Option(g, String(i))));
  }

  function showMessage(text) {
    ui.clientMessage = text;
    ui.clientMessageAt = performance.now();
    renderMessage();
  }

  function clearClientMessage() {
    ui.clientMessage = '';
  }

  function renderMessage() {
    const fresh = ui.clientMessage && performance.now() - ui.clientMessageAt < 8000;
    const text = fresh ? ui.clientMessage : (ui.state && ui.state.message) || '';
    if ($('message').textContent !== text) $('message').textContent = text;
  }

  function escapeHtml(t) {
    return String(t).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  }

  // ---------------------------------------------------------------- wiring
  async function loadSprite() {
    try {
      const res = await fetch(url('/pieces.svg'));
      const text = await res.text();
      const box = $('sprite');
      box.innerHTML = text;
      const svg = box.querySelector('svg');
      if (svg) {
        svg.querySelectorAll(':scope > g').forEach((g) => g.remove());
      }
    } catch (_) {
      showMessage('could not load the piece images');
    }
  }

  // ---------------------------------------------------------------- sounds (WebAudio, made here: no files)
  const sounds = [];
  window.turncoatSounds = sounds; // what was played (muted too), for the tests
  let audio = null;

  function tone(ctx, at, freq, dur, type = 'sine', gain = 0.18) {
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = type;
    o.frequency.setValueAtTime(freq, at);
    g.gain.setValueAtTime(gain, at);
    g.gain.exponentialRampToValueAtTime(0.001, at + dur);
    o.connect(g).connect(ctx.destination);
    o.start(at);
    o.stop(at + dur + 0.02);
  }

  const noiseBuffers = new Map(); // duration → its fading noise, made once

  function noise(ctx, at, dur, gain = 0.35) {
    let buf = noiseBuffers.get(dur);
    if (!buf) {
      buf = ctx.createBuffer(1, Math.floor(ctx.sampleRate * dur), ctx.sampleRate);
      const data = buf.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
      noiseBuffers.set(dur, buf);
    }
    const src = ctx.createBufferSource();
    const filter = ctx.createBiquadFilter();
    const g = ctx.createGain();
    src.buffer = buf;
    filter.type = 'lowpass';
    filter.frequency.value = 900;
    g.gain.value = gain;
    src.connect(filter).connect(g).connect(ctx.destination);
    src.start(at);
  }

  const SOUNDS = {
    move: (c, t) => {
      noise(c, t, 0.05, 0.5);
      tone(c, t, 220, 0.07, 'triangle', 0.2);
    },
    convert: (c, t) => {
      tone(c, t, 523, 0.12, 'triangle');
      tone(c, t + 0.09, 784, 0.18, 'triangle');
    },
    check: (c, t) => {
      tone(c, t, 880, 0.09, 'square', 0.08);
      tone(c, t + 0.11, 880, 0.12, 'square', 0.08);
    },
    bribe: (c, t) => {
      tone(c, t, 988, 0.08, 'square', 0.07);
      tone(c, t + 0.08, 1319, 0.3, 'square', 0.07);
    },
    collision: (c, t) => {
      noise(c, t, 0.35, 0.6);
      tone(c, t, 90, 0.3, 'sawtooth', 0.12);
    },
    end: (c, t) => {
      [523, 659, 784, 1047].forEach((f, i) => tone(c, t + i * 0.11, f, 0.35, 'triangle', 0.14));
    },
    lowtime: (c, t) => {
      tone(c, t, 1000, 0.08, 'sine', 0.2);
      tone(c, t + 0.15, 1000, 0.08, 'sine', 0.2);
    },
  };

  function playSound(name) {
    const muted = !$('sound').checked;
    sounds.push({ name, muted });
    if (sounds.length > 100) sounds.shift();
    if (muted) return;
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = audio || new Ctx();
      if (audio.state === 'suspended') audio.resume();
      SOUNDS[name](audio, audio.currentTime + 0.01);
    } catch (_) {
      /* no sound here */
    }
  }

  /** The sound of what changed between two states: the game's end, a
   * check, a bribe, a collision, a conversion (cascade), or a move. */
  function soundFor(before, s) {
    if (!before || before.variant !== s.variant || before.start_fen !== s.start_fen) return;
    const ended = (s.result || s.aborted) && !(before.result || before.aborted);
    const moved = s.moves.length > before.moves.length && s.cursor === s.moves.length;
    if (ended) return void playSound('end');
    if (!moved) return;
    const last = s.last;
    if (s.check) playSound('check');
    else if (last && last.move && last.move[0] === '@') playSound('bribe');
    else if (s.turn && s.turn.collision && s.moves.length % 2 === 0) playSound('collision');
    else if ((last && last.conversions && last.conversions.length) || (s.turn && s.turn.relocations && s.turn.relocations.length)) playSound('convert');
    else playSound('move');
  }

  // ---------------------------------------------------------------- preferences (remembered in localStorage)
  function pref(name, fallback) {
    try {
      return localStorage.getItem(`turncoat.${name}`) ?? fallback;
    } catch (_) {
      return fallback;
    }
  }

  function setPref(name, value) {
    try {
      localStorage.setItem(`turncoat.${name}`, value);
    } catch (_) {
      /* private mode: not remembered */
    }
  }

  const darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;

  /** The theme (system, light, dark) and the board's colours on <html>. */
  function applyTheme() {
    const root = document.documentElement;
    const theme = $('theme').value;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
    const dark = theme === 'dark' || (theme === 'system' && !!darkQuery && darkQuery.matches);
    if (dark) root.dataset.dark = '';
    else delete root.dataset.dark;
    root.dataset.board = $('board-theme').value;
  }

  /** The page's width without a scroll bar, for the board's size on narrow screens. */
  function measureWidth() {
    document.documentElement.style.setProperty('--vw', `${document.documentElement.clientWidth}px`);
  }

  function wirePrefs() {
    $('theme').value = pref('theme', 'system');
    $('board-theme').value = pref('board', 'brown');
    $('sound').checked = pref('sound', 'on') !== 'off';
    applyTheme();
    $('theme').addEventListener('change', () => {
      setPref('theme', $('theme').value);
      applyTheme();
    });
    $('board-theme').addEventListener('change', () => {
      setPref('board', $('board-theme').value);
      applyTheme();
    });
    $('sound').addEventListener('change', () => setPref('sound', $('sound').checked ? 'on' : 'off'));
    if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener('change', applyTheme);
    measureWidth();
    window.addEventListener('resize', measureWidth);
  }

  function flip() {
    ui.flipped = !ui.flipped;
    ui.keys = {};
    renderAll();
  }

  function wire() {
    wirePrefs();
    const board = $('board');
    board.addEventListener('click', (e) => {
      if (performance.now() < ui.suppressClickUntil) return;
      const el = e.target.closest('[data-square]');
      if (el) onSquareClick(el.dataset.square, performance.now());
    });
    board.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerCancel);
    board.addEventListener('dragstart', (e) => e.preventDefault());
    board.addEventListener('contextmenu', (e) => e.preventDefault());
    window.addEventListener('pointerup', (e) => {
      if (e.button === 2) onRightUp(e);
    });

    $('chooser').addEventListener('click', (e) => {
      const choice = e.target.closest('[data-choice]');
      if (choice) return void playMove(choice.dataset.choice, performance.now());
      if (e.target.closest('.chooser-cancel')) {
        closeChooser();
        ui.sel = null;
        renderBoard();
      }
    });
    $('chooser').addEventListener('mouseover', (e) => {
      const choice = e.target.closest('[data-choice]');
      const move = choice ? choice.dataset.choice : null;
      if (move !== ui.hoverChoice) {
        ui.hoverChoice = move;
        for (const b of $('chooser').querySelectorAll('[data-choice]')) b.classList.toggle('hover', b.dataset.choice === move);
        renderBoard();
      }
    });

    $('variant').addEventListener('change', () => newGame(null));
    $('mode').addEventListener('change', changeMode);
    for (const id of ['white-engine', 'black-engine']) {
      $(id).addEventListener('change', () => {
        if (['play-white', 'play-black', 'watch'].includes($('mode').value)) changeMode();
      });
    }
    $('new-game').addEventListener('click', () => newGame(null));
    $('load-fen').addEventListener('click', () => newGame($('fen').value.trim()));
    $('fen').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') newGame($('fen').value.trim());
    });
    $('undo').addEventListener('click', () => act('undo', {}));
    $('flip').addEventListener('click', flip);
    $('overlay').addEventListener('change', () => renderBoard());
    $('abort').addEventListener('click', () => act('abort', {}));
    $('draw').addEventListener('click', offerDraw);
    $('resign').addEventListener('click', () => {
      ui.confirm = 'resign';
      renderGameActions();
    });
    $('resign-cancel').addEventListener('click', () => {
      ui.confirm = null;
      renderGameActions();
    });
    $('game-actions').addEventListener('click', (e) => {
      const c = e.target.closest('[data-confirm]');
      if (!c) return;
      ui.confirm = null;
      act(c.dataset.confirm, {});
    });
    $('rematch').addEventListener('click', rematch);
    $('go-rematch').addEventListener('click', rematch);
    $('go-close').addEventListener('click', () => {
      ui.dialog = false;
      renderGameActions();
    });
    $('go-analyse').addEventListener('click', () => {
      ui.dialog = false;
      $('mode').value = 'analysis';
      changeMode();
    });

    $('moves').addEventListener('click', (e) => {
      const el = e.target.closest('[data-ply]');
      if (el) gotoPly(parseInt(el.dataset.ply, 10));
    });
    $('goto-start').addEventListener('click', () => gotoPly(0));
    $('eval-graph').addEventListener('click', onGraphClick);

    $('multipv').addEventListener('change', () => {
      const k = parseInt($('multipv').value, 10);
      if (k >= 1) act('analysis', { multipv: k, engine: $('analysis-engine').value || undefined });
    });
    $('analysis-engine').addEventListener('change', () => {
      act('analysis', { multipv: parseInt($('multipv').value, 10) || 1, engine: $('analysis-engine').value });
    });
    $('engine-output').addEventListener('pointerdown', (e) => {
      const el = e.target.closest('.pv-move');
      if (el) previewLine(parseInt(el.dataset.line, 10), parseInt(el.dataset.idx, 10), el.dataset.pv);
    });
    $('engine-output').addEventListener('pointerenter', () => {
      ui.engineHover = true;
    });
    $('engine-output').addEventListener('pointerleave', () => {
      ui.engineHover = false;
      renderEngine();
    });
    $('preview-back').addEventListener('click', endPreview);

    $('wave-prev').addEventListener('click', () => {
      stopWaves();
      stepWave(-1);
    });
    $('wave-next').addEventListener('click', () => {
      stopWaves();
      stepWave(1);
    });
    $('wave-play').addEventListener('click', playWaves);
    $('turn-before').addEventListener('change', () => {
      ui.turnBefore = $('turn-before').checked;
      renderBoard();
    });

    $('pgn-import').addEventListener('click', () => {
      ui.lastPgn = $('pgn-text').value;
      act('pgn-import', { pgn: ui.lastPgn, index: 0 });
    });
    $('pgn-games').addEventListener('change', () => {
      act('pgn-import', { pgn: ui.lastPgn || $('pgn-text').value, index: parseInt($('pgn-games').value, 10) });
    });

    document.addEventListener('keydown', (e) => {
      if (e.target.closest('input, textarea, select') || !ui.state) return;
      if (e.key === 'Escape') {
        cancelPremove();
        if (ui.preview) endPreview();
        closeChooser();
        ui.sel = null;
        renderBoard();
      } else if (e.key === 'ArrowLeft') gotoPly(shownCursor() - 1);
      else if (e.key === 'ArrowRight') gotoPly(shownCursor() + 1);
      else if (e.key === 'Home') gotoPly(0);
      else if (e.key === 'End') gotoPly(ui.state.moves.length);
      else if (e.key === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) flip();
      else return;
      e.preventDefault();
    });
    window.addEventListener('resize', () => {
      ui.keys.chooser = null;
      renderChooser();
    });

    setInterval(renderClocks, 100);
    setInterval(renderMessage, 1000);
    // Polling stands in for the live channel while it is down.
    setInterval(() => {
      if (!ui.sseAlive) poll();
    }, 1000);
  }

  // ---------------------------------------------------------------- hooks (learn.js: rules panel, explanations)
  // Read-only views of the page's state and a few of its functions, and
  // `onRender(f)`: f runs after every board render.
  const renderHooks = [];
  window.turncoat = {
    get state() {
      return ui.state;
    },
    get selected() {
      return ui.sel;
    },
    shownView: () => (ui.state ? shownView() : null),
    legal,
    movesFrom,
    center,
    url,
    api,
    act,
    onRender: (f) => renderHooks.push(f),
    render: () => renderAll(),
  };

  async function start() {
    wire();
    await loadSprite();
    await poll();
    connect();
  }

  start();
})();
