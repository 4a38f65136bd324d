// The editor's page: every question goes to the JSON API (generator/web/app.py), which
// answers with the whole state of the board; the page only draws that state. The state
// lives in the address too (#p=position text&m=moves), so that a reload, the back button
// or a shared link gives the same board.

const $ = (id) => document.getElementById(id);
let board = null;      // the last state the API sent
let mode = "edit";     // "edit" (set up) or "play"
let selected = null;   // the square whose card is selected (picked up)
let targets = {};      // play: destination square -> its moves
let armed = null;      // the palette card a click or Enter lays (click-to-place)
let focused = "a1";    // the square that takes the keyboard's focus on the board
let asked = 0;         // the latest question for a card's moves (older answers are stale)
let restoring = false; // the address is being read: do not write it back meanwhile

async function api(method, url, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) {
    say(data.error || response.statusText);
    throw new Error(data.error);
  }
  say("");
  return data;
}

function say(text) { $("message").textContent = text; }

// One action at a time, in the order the user made them: a drop made while the previous
// move is still on its way is played after it, never lost or crossed.
let queue = Promise.resolve();
function queued(work) {
  const next = queue.then(work).catch(() => {});
  queue = next;
  return next;
}

function option(select, value, label) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label ?? value;
  select.append(o);
}

// --- the catalogue and the palette ------------------------------------------------------

let catalogue = null;

async function start() {
  catalogue = await api("GET", "/api/catalogue");
  for (const name of catalogue.layouts) option($("layouts"), name);
  for (const b of catalogue.boards) option($("boards"), b.name, b.title);
  option($("game"), "", "the layout's own");
  for (const g of catalogue.games) {
    option($("game"), g.name, `${g.name}: ${g.title}`);
    option($("new-game"), g.name);
  }
  for (const s of catalogue.sources) {
    option($("source"), s.name, s.title);
    for (const g of s.groups) {
      const ref = g.name ? `${s.name}:${g.name}` : s.name;
      option($("south"), ref);
      option($("north"), ref);
    }
  }
  $("south").value = "pack1:G1";
  $("north").value = "pack1:G2";
  $("layouts").value = catalogue.layouts.includes("game1-demo") ? "game1-demo"
    : catalogue.layouts[0];
  showPalette();
  if (!(await restore())) await load({ layout: $("layouts").value });
}

function showPalette() {
  const source = catalogue.sources.find((s) => s.name === $("source").value);
  const box = $("cards");
  box.replaceChildren();
  let first = true;
  for (const group of source.groups) {
    const head = document.createElement("div");
    head.className = "group";
    head.textContent = group.name || source.title;
    box.append(head);
    for (const card of group.cards) {
      const tile = document.createElement("div");
      const colour = card.includes("/") ? card.split("/")[1] : card.slice(-1);
      tile.className = `card ${colour}`;
      tile.textContent = card;
      tile.draggable = true;
      tile.dataset.card = card;
      tile.setAttribute("role", "button");
      tile.setAttribute("aria-pressed", "false");
      tile.tabIndex = first ? 0 : -1;
      first = false;
      tile.addEventListener("dragstart", (e) => {
        e.dataTransfer.setData("text/plain", JSON.stringify({ card: pieceOf(card) }));
      });
      tile.addEventListener("click", () => arm(card));
      tile.addEventListener("keydown", (e) => paletteKey(e, tile));
      box.append(tile);
    }
  }
  armed = null;
}

function pieceOf(card) {
  const facing = document.querySelector("input[name=facing]:checked").value;
  return ($("facedown").checked ? `(${card})` : card) + facing;
}

// A palette card picked (click, tap or Enter) is laid on every square clicked next, until
// it is picked again, another is, or Escape is pressed.
function arm(card) {
  armed = armed === card ? null : card;
  selected = null;
  for (const tile of $("cards").querySelectorAll(".card")) {
    const on = tile.dataset.card === armed;
    tile.classList.toggle("armed", on);
    tile.setAttribute("aria-pressed", String(on));
  }
  say(armed ? `click a square to lay ${armed} there (Escape to stop)` : "");
  drawSquares();
}

function paletteKey(event, tile) {
  const tiles = [...$("cards").querySelectorAll(".card")];
  const at = tiles.indexOf(tile);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step) {
    event.preventDefault();
    const next = tiles[Math.min(tiles.length - 1, Math.max(0, at + step))];
    tile.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    arm(tile.dataset.card);
    if (armed) focusSquare(focused);   // on to the board, where Enter lays it
  }
}

// --- the board --------------------------------------------------------------------------

async function load(body) {
  const state = await api("POST", "/api/boards", body);
  mode = "edit";
  selected = null;
  $("game").value = "";
  show(state);
}

function url(path) { return `/api/boards/${board.id}${path}`; }

function show(state) {
  const before = board && board.id === state.id ? board.squares : null;
  board = state;
  targets = {};
  document.body.classList.toggle("playing", mode === "play");
  $("mode-edit").setAttribute("aria-selected", String(mode === "edit"));
  $("mode-play").setAttribute("aria-selected", String(mode === "play"));
  $("title").textContent = `${state.title || "A position"} (${state.layout})`;
  $("check").value = state.check;
  $("flip").checked = state.flip;
  $("first").value = state.first;
  if (state.svg !== undefined) {
    $("drawing").innerHTML = state.svg;
  } else if (!before || !moveCards(before, state.squares)) {
    // A change the page cannot make by moving a card: the drawing is asked for.
    queued(async () => show(await api("GET", url(""))));
  }
  // The whole board in the window, whatever its shape (8 x 8 of tall squares, or 16 x 4).
  const box = $("drawing").querySelector("svg").viewBox.baseVal;
  $("board").style.width = `min(100%, calc((100vh - 16em) * ${box.width / box.height}))`;
  if (!(focused in state.boxes)) focused = Object.keys(state.boxes)[0];
  drawSquares();
  const problems = $("problems");
  problems.replaceChildren();
  for (const p of state.problems) {
    const li = document.createElement("li");
    li.textContent = p.square ? `${p.square}: ${p.message}` : p.message;
    li.dataset.code = p.code;
    problems.append(li);
  }
  for (const input of $("hands").querySelectorAll("input")) {
    input.value = state.hands[input.name] ?? "";
    input.disabled = mode === "play";
  }
  if (document.activeElement !== $("position-text")) {
    $("position-text").value = state.current_text ?? "";
  }
  showPlay();
  showExport();
  if ($("preview-box").open) checkFigure().catch(() => {});
  writeAddress();
  offBoardMoves().catch(() => {});
}

// The targets over the drawing's squares are made once for a board's shape and then only
// updated: a drag that starts while an answer arrives keeps its square, and its drop lands.
let shape = "";

function makeSquares() {
  const layer = $("squares");
  layer.replaceChildren();
  for (const name of Object.keys(board.boxes)) {
    const sq = document.createElement("div");
    sq.className = "sq";
    sq.dataset.square = name;
    sq.setAttribute("role", "button");
    sq.addEventListener("dragstart", (e) => {
      if (!board.squares[name]) { e.preventDefault(); return; }
      e.dataTransfer.setData("text/plain", JSON.stringify({ from: name }));
      if (mode === "play") select(name).catch(() => {});
    });
    sq.addEventListener("click", () => queued(() => clicked(name)));
    sq.addEventListener("keydown", (e) => squareKey(e, name));
    sq.addEventListener("focus", () => {
      // One square of the board is in the Tab order: the one last focused.
      focused = name;
      for (const other of layer.children) other.tabIndex = other === sq ? 0 : -1;
    });
    sq.addEventListener("dragover", (e) => { e.preventDefault(); sq.classList.add("over"); });
    sq.addEventListener("dragleave", () => sq.classList.remove("over"));
    sq.addEventListener("drop", (e) => {
      e.preventDefault();
      sq.classList.remove("over");
      // Read now: the drop's data is gone once the handler returns.
      const data = JSON.parse(e.dataTransfer.getData("text/plain") || "{}");
      queued(() => dropped(name, data));
    });
    layer.append(sq);
  }
}

function drawSquares() {
  const wanted = JSON.stringify(board.boxes);
  if (wanted !== shape) { makeSquares(); shape = wanted; }
  const faults = {};
  if (mode === "edit") {
    for (const p of board.problems) {
      if (p.square) (faults[p.square] ??= []).push(p.message);
    }
  }
  for (const sq of $("squares").children) {
    const name = sq.dataset.square;
    const [x, y, w, h] = board.boxes[name];
    Object.assign(sq.style, { left: `${x * 100}%`, top: `${y * 100}%`,
                              width: `${w * 100}%`, height: `${h * 100}%` });
    sq.tabIndex = name === focused ? 0 : -1;
    const pile = board.squares[name];
    sq.title = pile ? `${name} ${pile}` : name;
    if (faults[name]) sq.title += "\n" + faults[name].join("\n");
    sq.setAttribute("aria-label", pile ? `${name} ${pile}` : `${name} empty`);
    sq.draggable = Boolean(pile);
    sq.className = "sq";
    if (pile) sq.classList.add("has");
    if (faults[name]) sq.classList.add("problem");
    if (name === selected) sq.classList.add("selected");
    if (board.last.includes(name)) sq.classList.add("last");
  }
  $("selected").textContent = selected && mode === "edit"
    ? `${selected}: ${board.squares[selected] ?? "empty"}` : "";
}

// --- fast moves: the page moves the cards of its drawing -------------------------------

// The drawing's piles by square: each is a group of the figure (the card and its side's
// mark), found on the square its centre lies on.
function pileGroups() {
  const svg = $("drawing").querySelector("svg");
  const figure = svg && svg.querySelector("g.figure");
  if (!figure) return null;
  const r = svg.getBoundingClientRect();
  const found = {};
  for (const g of figure.children) {
    if (g.tagName !== "g" || !g.querySelector("use") || g.classList.contains("annotations")) {
      continue;
    }
    const b = g.getBoundingClientRect();
    const [cx, cy] = [(b.left + b.width / 2 - r.left) / r.width,
                      (b.top + b.height / 2 - r.top) / r.height];
    const square = Object.keys(board.boxes).find((sq) => {
      const [x, y, w, h] = board.boxes[sq];
      return cx >= x && cx < x + w && cy >= y && cy < y + h;
    });
    if (square) (found[square] ??= []).push(g);
  }
  return found;
}

// Makes the drawing show *after* from *before* when one pile went from one square to
// another (a step, a beat): the pile's group is moved, the beaten one's taken away.
// Anything else (a card laid, turned, opened, a pile made) is left to a new drawing.
function moveCards(before, after) {
  const changed = Object.keys(board.boxes).filter((sq) => (before[sq] ?? "") !==
                                                          (after[sq] ?? ""));
  if (!changed.length) return true;
  const emptied = changed.filter((sq) => !after[sq]);
  const filled = changed.filter((sq) => after[sq]);
  if (emptied.length !== 1 || filled.length !== 1) return false;
  const [from, to] = [emptied[0], filled[0]];
  if (after[to] !== before[from] || after[to].includes("+")) return false;
  const groups = pileGroups();
  if (!groups || (groups[from] ?? []).length !== 1) return false;
  for (const g of groups[to] ?? []) g.remove();
  const svg = $("drawing").querySelector("svg");
  const r = svg.getBoundingClientRect();
  const g = groups[from][0];
  const m = g.parentNode.getScreenCTM();
  const dx = (board.boxes[to][0] - board.boxes[from][0]) * r.width / m.a;
  const dy = (board.boxes[to][1] - board.boxes[from][1]) * r.height / m.d;
  g.setAttribute("transform", `translate(${dx} ${dy}) ${g.getAttribute("transform") ?? ""}`);
  return true;
}

function markSquares() {
  for (const sq of $("squares").children) {
    sq.classList.remove("dot", "ring");
    sq.classList.toggle("selected", sq.dataset.square === selected);
  }
}

function focusSquare(name) {
  focused = name;
  for (const sq of $("squares").children) sq.tabIndex = sq.dataset.square === name ? 0 : -1;
  const sq = document.querySelector(`.sq[data-square="${name}"]`);
  if (sq) sq.focus();
}

// The square next to *name* on the screen in the arrow's direction (whatever the board's
// shape or which side is at the bottom), from the squares' boxes on the drawing.
function neighbour(name, key) {
  const [dx, dy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1],
                     ArrowDown: [0, 1] }[key];
  const [x, y, w, h] = board.boxes[name];
  let best = name;
  let distance = Infinity;
  for (const [other, [ox, oy]] of Object.entries(board.boxes)) {
    const ahead = (ox - x) * dx / w + (oy - y) * dy / h;
    const aside = Math.abs((ox - x) * dy / w) + Math.abs((oy - y) * dx / h);
    if (ahead > 0.5 && aside < 0.5 && ahead < distance) { best = other; distance = ahead; }
  }
  return best;
}

function squareKey(event, name) {
  if (event.key.startsWith("Arrow")) {
    event.preventDefault();
    focusSquare(neighbour(name, event.key));
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    queued(() => clicked(name));
  } else if (event.key === "Escape") {
    // Back to the palette card picked last (or the first), to pick another.
    event.preventDefault();
    selected = null;
    drawSquares();
    const tile = $("cards").querySelector(".card.armed") ?? $("cards").querySelector(".card");
    if (mode === "edit" && tile) {
      for (const t of $("cards").querySelectorAll(".card")) t.tabIndex = t === tile ? 0 : -1;
      tile.focus();
    }
  } else if ((event.key === "Delete" || event.key === "Backspace") && mode === "edit") {
    event.preventDefault();
    if (board.squares[name]) queued(async () => show(await api("DELETE", url(`/squares/${name}`))));
  }
}

async function dropped(square, data) {
  if (mode === "play") {
    if (data.card) {
      say("the board is being played: go back to the set-up (Set up) to lay cards");
    } else if (data.from && data.from !== square) {
      await moveBetween(data.from, square);
    }
    return;
  }
  if (data.card) {
    await lay(square, data.card);
  } else if (data.from && data.from !== square) {
    selected = square;
    show(await api("POST", url(`/squares/${data.from}`), { action: "move", to: square }));
  }
}

// A card dropped or placed on a card is laid on it (a pile); on a free square it is put.
async function lay(square, piece) {
  const action = board.squares[square] ? "add" : "put";
  const body = action === "add" ? { action, card: piece } : { action, pile: piece };
  selected = null;
  show(await api("POST", url(`/squares/${square}`), body));
  if (armed) say(`click a square to lay ${armed} there (Escape to stop)`);
}

function ownTop(square) {
  const pile = board.squares[square];
  if (!pile) return false;
  const arrow = pile.slice(-1);
  return (arrow === "^" && board.to_move === "south") || (arrow === "v" && board.to_move === "north");
}

async function clicked(square) {
  focused = square;
  if (mode === "edit") {
    if (armed) {
      await lay(square, pieceOf(armed));
    } else if (selected && selected !== square && !board.squares[square]) {
      // A card picked up is put down on the free square clicked next.
      const from = selected;
      selected = null;
      show(await api("POST", url(`/squares/${from}`), { action: "move", to: square }));
    } else {
      selected = board.squares[square] && selected !== square ? square : null;
      drawSquares();
    }
    return;
  }
  if (selected && selected !== "hand" && selected !== square &&
      (targets[square] || !ownTop(square))) {
    // The server finds the move, or says why there is none (the engine's reason).
    await moveBetween(selected, square);
  } else if (selected === "hand" && targets[square]) {
    await play(targets[square][0]);
  } else if (board.squares[square] && selected !== square) {
    await select(square);
  } else if (selected === square) {
    selected = null;
    drawSquares();
    $("card-moves").replaceChildren();
  } else {
    say(`${square}: no card there to move; ${board.to_move} is to move`);
  }
}

// --- set-up tools -------------------------------------------------------------------------

async function tool(action) {
  if (!selected) { say("select a card on the board first"); return; }
  show(action === "remove"
    ? await api("DELETE", url(`/squares/${selected}`))
    : await api("POST", url(`/squares/${selected}`), { action }));
}

// --- play ---------------------------------------------------------------------------------

async function select(square) {
  selected = square;
  const question = ++asked;
  // The squares are marked, not drawn again: a drag has started from one of them.
  markSquares();
  const data = await api("GET", url(`/moves?square=${square}`));
  if (question !== asked || selected !== square) return;   // another card was picked since
  markSquares();
  targets = {};
  for (const d of data.destinations) {
    targets[d.square] = d.moves;
    const sq = document.querySelector(`.sq[data-square="${d.square}"]`);
    sq.classList.add(d.take ? "ring" : "dot");
  }
  const list = $("card-moves");
  list.replaceChildren();
  for (const move of data.moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = move;
    b.addEventListener("click", () => queued(() => play(move)));
    list.append(b);
  }
  if (!data.moves.length) {
    say(`${square}: no legal move for ${data.to_move} now` +
        (ownTop(square) ? "" : ` (the card on ${square} is not ${data.to_move}'s)`));
  }
}

async function afterMove(state) {
  selected = null;
  asked++;
  show(state);
  $("card-moves").replaceChildren();
}

async function play(move) {
  mode = "play";
  await afterMove(await api("POST", url("/moves?draw=false"), { move }));
}

async function moveBetween(origin, target) {
  try {
    await afterMove(await api("POST", url("/moves?draw=false"),
                             { from: origin, to: target }));
  } catch (e) {
    selected = null;
    asked++;
    drawSquares();
    throw e;
  }
}

// Moves that start from no square (a lay from the hand, a card kept, a pass) get buttons
// of their own: there is no card on the board to click for them.
async function offBoardMoves() {
  const list = $("off-moves");
  list.replaceChildren();
  if (mode !== "play" || (board.result && board.result.over)) return;
  const data = await api("GET", url("/moves"));
  // A move from a square is made by clicking its card; the others are listed here.
  const moves = data.moves.filter((m) => !(m.match(/^[a-p][0-9]+/)?.[0] in board.boxes));
  if (data.may_pass) moves.push("pass");
  // A card laid from the hand or a stock: one button per card, which marks the squares
  // it may be laid on, as a card on the board marks its destinations.
  const lays = {};
  const laid = new Set();
  for (const move of moves) {
    const [card, square] = move.split("@");
    if (square && square in board.boxes) {
      (lays[card] ??= []).push(move);
      laid.add(move);
    }
  }
  for (const [card, its] of Object.entries(lays)) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `lay ${card}`;
    b.addEventListener("click", () => markLays(its));
    list.append(b);
  }
  for (const move of moves.filter((m) => !laid.has(m))) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = move;
    b.addEventListener("click", () => queued(() => play(move)));
    list.append(b);
  }
}

function markLays(moves) {
  selected = "hand";
  drawSquares();
  targets = {};
  for (const move of moves) {
    const square = move.split("@")[1];
    targets[square] = [move];
    document.querySelector(`.sq[data-square="${square}"]`).classList.add("dot");
  }
}

// The line: the moves played, then those taken back (greyed), each a button that shows
// the position after it. A move played from an earlier position ends the line there.
function showPlay() {
  const list = $("movelist");
  list.replaceChildren();
  const line = [...board.moves.map((m) => ({ ...m, later: false })),
                ...board.redo.map((move) => ({ move, took: [], later: true }))];
  line.forEach((m, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.move;
    b.addEventListener("click", () => queued(() => goTo(i + 1)));
    li.append(b);
    if (m.later) li.classList.add("later");
    if (!m.later && i === board.moves.length - 1) li.classList.add("current");
    if (m.took.length) {
      li.classList.add("took");
      li.title = `took ${m.took.join(" ")}`;
    }
    list.append(li);
  });
  $("turn-line").textContent = mode === "play" && !board.playing
    ? `${board.first} moves first` : "";
  $("result").textContent = board.result ? board.result.text : "";
  $("undo").disabled = !board.moves.length;
  $("redo").disabled = !board.redo.length;
  if (document.activeElement !== $("moves-text")) {
    $("moves-text").value = board.moves.map((m) => m.move).join(" ");
  }
}

async function goTo(ply) {
  mode = "play";
  await afterMove(await api("POST", url("/goto?draw=false"), { ply }));
}

// --- the address ------------------------------------------------------------------------

function address() {
  if (!board || !board.text) return "";
  const q = new URLSearchParams();
  q.set("p", board.text);
  const line = [...board.moves.map((m) => m.move), ...board.redo];
  if (line.length) q.set("m", line.join(" "));
  if (board.redo.length) q.set("at", String(board.moves.length));
  if (mode === "play" && !line.length) q.set("play", "1");
  if (board.check === "play") q.set("check", "play");
  if (board.flip) q.set("flip", "1");
  return "#" + q.toString();
}

function writeAddress() {
  if (restoring) return;
  const wanted = address();
  if (!wanted || wanted === location.hash) return;
  // The page's first board takes the place of its bare address: back then leaves the
  // editor rather than showing a page that holds no board.
  if (location.hash) history.pushState(null, "", wanted);
  else history.replaceState(null, "", wanted);
}

// The board the address holds, if it holds one: loaded (or kept, when it is this board's
// start already) and the moves played on it.
async function restore() {
  const q = new URLSearchParams(location.hash.slice(1));
  const text = q.get("p");
  if (!text) return false;
  restoring = true;
  try {
    let state = board;
    if (!board || board.text !== text) {
      state = await api("POST", "/api/boards", { layout: text });
      board = state;
    }
    const check = q.get("check") === "play" ? "play" : "start";
    const flip = q.get("flip") === "1";
    if (state.check !== check || state.flip !== flip) {
      state = await api("POST", url("/settings"), { check, flip });
    }
    const moves = q.get("m") || "";
    const at = q.has("at") ? Number(q.get("at")) : null;
    if (moves) {
      state = await api("POST", url("/line"), { moves, at });
    } else if (state.moves.length || state.redo.length) {
      state = await api("POST", url("/reset"));
    }
    mode = moves || q.get("play") ? "play" : "edit";
    selected = null;
    show(state);
    return true;
  } catch {
    return false;   // the message line says why; the address is left as it was typed
  } finally {
    restoring = false;
  }
}

window.addEventListener("popstate", () => queued(restore));

// --- export -------------------------------------------------------------------------------

function figureQuery() {
  const q = new URLSearchParams();
  if ($("x-flip").checked) q.set("flip", "true");
  if (!$("x-coords").checked) q.set("coords", "false");
  if ($("x-crop").value.trim()) q.set("crop", $("x-crop").value.trim());
  if ($("x-caption").value.trim()) q.set("caption", $("x-caption").value.trim());
  if ($("x-width").value.trim() && $("x-width").value.trim() !== "100mm") {
    q.set("width", $("x-width").value.trim());
  }
  for (const [id, key] of [["x-arrows", "arrow"], ["x-highlights", "highlight"],
                           ["x-marks", "mark"]]) {
    for (const word of $(id).value.split(/\s+/).filter(Boolean)) q.append(key, word);
  }
  if ($("x-to-move").value) q.set("to_move", $("x-to-move").value);
  if ($("x-style").value) q.set("style", $("x-style").value);
  if ($("x-legend").checked) q.set("legend", "true");
  return q;
}

async function showExport() {
  drawAnnotations();
  const fmt = $("format").value;
  const q = figureQuery();
  $("figure-link").href = url(`/figure.${fmt}?${q}`);
  $("figure-link").download = `figure.${fmt}`;
  $("layout-link").href = url("/layout.toml");
  $("current-link").href = url("/layout.toml?position=current");
  q.set("format", fmt);
  try {
    const response = await fetch(url(`/command?${q}`));
    const data = await response.json();
    $("command").textContent = response.ok ? data.command.map(quoted).join(" ") : "";
    // Cleared by checkFigure alone, which draws the figure: the command line is made
    // without drawing it, so an option it accepts may still be refused (an arrow off the
    // board), and its answer may come after the figure's.
    if (!response.ok) $("export-error").textContent = data.error;
  } catch { $("command").textContent = ""; }
}

// The figure drawn with the panel's options: its error (a bad arrow, a crop off the
// board) is shown in the panel, and the figure itself when the preview is open. Asked
// when an option changes, not at every move: a figure takes the server a full drawing.
let previewed = null;
let checks = 0;
async function checkFigure() {
  const q = figureQuery();
  const check = ++checks;
  const response = await fetch(url(`/figure.svg?${q}`));
  if (check !== checks) return;   // the options changed since: a later check answers
  if (!response.ok) {
    $("export-error").textContent = (await response.json()).error;
    $("preview").removeAttribute("src");
    return;
  }
  $("export-error").textContent = "";
  const blob = await response.blob();
  if (check !== checks) return;
  if (previewed) URL.revokeObjectURL(previewed);
  previewed = URL.createObjectURL(blob);
  $("preview").src = previewed;
}

// --- annotations drawn on the board -----------------------------------------------------

// Right-drag from one square to another draws an arrow, a right-click a circle, as on
// lichess; drawn again, it goes. They are the export panel's Arrows and Marks, so the
// figure downloaded shows them as drawn.
let drawingFrom = null;

function words(id) { return $(id).value.split(/\s+/).filter(Boolean); }

function toggleWord(id, word, same) {
  const list = words(id);
  const kept = list.filter((w) => !same(w));
  if (kept.length === list.length) kept.push(word);
  $(id).value = kept.join(" ");
  showExport();
  checkFigure().catch(() => {});
}

function drawAnnotations() {
  const layer = $("annotations");
  const svg = $("drawing").querySelector("svg");
  if (!svg || !board) return;
  const box = svg.viewBox.baseVal;
  const [W, H] = [box.width, box.height];
  layer.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const centre = (sq) => {
    const [x, y, w, h] = board.boxes[sq];
    return [(x + w / 2) * W, (y + h / 2) * H, Math.min(w * W, h * H)];
  };
  const parts = ['<defs><marker id="head" viewBox="0 0 10 10" refX="5" refY="5" ' +
                 'markerWidth="3" markerHeight="3" orient="auto-start-reverse">' +
                 '<path d="M0 0 L10 5 L0 10 z"/></marker></defs>'];
  for (const word of words("x-arrows")) {
    const colour = shade(word.split(":")[1] ?? "blue");   // the figure's own default
    const squares = word.split(":")[0].split(/[-x+=]/).filter((sq) => sq in board.boxes);
    for (let i = 1; i < squares.length; i++) {
      const [x1, y1, size] = centre(squares[i - 1]);
      const [x2, y2] = centre(squares[i]);
      const last = i === squares.length - 1;
      parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" ` +
                 `stroke-width="${size * 0.16}"${colour}` +
                 `${last ? ' marker-end="url(#head)"' : ""}/>`);
    }
  }
  for (const word of words("x-marks")) {
    const sq = word.split(":")[0];
    if (!(sq in board.boxes)) continue;
    const [x, y, size] = centre(sq);
    parts.push(`<circle cx="${x}" cy="${y}" r="${size * 0.42}" stroke-width="${size * 0.08}"` +
               `${shade(word.split(":")[2] ?? "red")}/>`);   // the figure's own default
  }
  layer.innerHTML = parts.join("");
}

// An annotation's colour on the board (the figure's names, or #rrggbb), as a style.
const NAMED = { red: "#d62728", green: "#2ca02c", blue: "#1f5fbf", yellow: "#f2c200",
                orange: "#ff7f0e", purple: "#8e44ad", black: "#1b1b1b", grey: "#7f7f7f",
                white: "#ffffff", magenta: "#f000c8" };
function shade(name) {
  const colour = NAMED[name] ?? (/^#[0-9a-fA-F]{6}$/.test(name ?? "") ? name : null);
  return colour ? ` style="stroke: ${colour}; opacity: .8"` : "";
}

function squareAt(event) {
  return document.elementFromPoint(event.clientX, event.clientY)?.closest(".sq")
    ?.dataset.square ?? null;
}

function quoted(word) { return /^[\w@:.,\/=+^-]+$/.test(word) ? word : `'${word}'`; }

// --- wiring -------------------------------------------------------------------------------

async function settings(body) { show(await api("POST", url("/settings"), body)); }

function guard(handler) {
  // A refused request has said why in the message line already.
  return (...args) => queued(() => handler(...args));
}

$("load").addEventListener("submit", (e) => {
  e.preventDefault();
  queued(() => load({ layout: $("layouts").value }));
});
$("upload").addEventListener("change", guard(async () => {
  const file = $("upload").files[0];
  // A layout file that names no game is judged by the game chosen in the bar.
  if (file) {
    await load({ toml: await file.text(), filename: file.name,
                 game: $("game").value || null });
  }
  $("upload").value = "";
}));
$("blank").addEventListener("submit", (e) => {
  e.preventDefault();
  queued(() => load({ board: $("boards").value, game: $("new-game").value,
                      players: { south: $("south").value, north: $("north").value } }));
});
$("source").addEventListener("change", showPalette);
$("hands").addEventListener("submit", (e) => {
  e.preventDefault();
  const hands = {};
  for (const input of $("hands").querySelectorAll("input")) hands[input.name] = input.value;
  queued(() => settings({ hands }));
});
// A position text pasted or typed: a board of its own, in play if the text is of a game
// under way.
$("text-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("position-text").value.trim();
  $("position-text").blur();
  queued(async () => {
    await load({ layout: text });
    if (board.check === "play") { mode = "play"; show(board); }
  });
});
// A move list pasted: played from the set-up, as rules play --moves plays it.
$("line-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const moves = $("moves-text").value.trim();
  $("moves-text").blur();
  queued(async () => {
    mode = "play";
    show(await api("POST", url("/line"), { moves }));
  });
});
$("game").addEventListener("change", guard(() => settings({ game: $("game").value || null })));
$("check").addEventListener("change", guard(() => settings({ check: $("check").value })));
$("flip").addEventListener("change", guard(() => settings({ flip: $("flip").checked })));
$("first").addEventListener("change", guard(() => settings({ first: $("first").value })));
$("turn").addEventListener("click", guard(() => tool("turn")));
$("face").addEventListener("click", guard(() => tool("face")));
$("remove").addEventListener("click", guard(() => tool("remove")));
$("mode-edit").addEventListener("click", guard(async () => {
  mode = "edit";
  selected = null;
  show(await api("POST", url("/reset")));
}));
$("mode-play").addEventListener("click", () => queued(() => {
  mode = "play";
  selected = null;
  if (armed) arm(armed);
  show(board);
}));
$("undo").addEventListener("click",
                         guard(async () => afterMove(await api("POST", url("/undo?draw=false")))));
$("redo").addEventListener("click",
                         guard(async () => afterMove(await api("POST", url("/redo?draw=false")))));
$("reset").addEventListener("click",
                            guard(async () => afterMove(await api("POST", url("/reset")))));
$("typed").addEventListener("submit", (e) => {
  e.preventDefault();
  const move = $("move-text").value.trim();
  queued(async () => {
    await play(move);
    $("move-text").value = "";
  });
});
// ← and → step through the line (as Undo and Redo), Home and End go to its ends, wherever
// the focus is but in a text box or on the board (where the arrows move the focus).
document.addEventListener("keydown", (e) => {
  const at = document.activeElement;
  if (!board || mode !== "play" || e.altKey || e.ctrlKey || e.metaKey) return;
  if (at && (at.matches("input, select, textarea") || at.closest("#squares, #cards"))) return;
  if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
  e.preventDefault();
  // Worked out when its turn comes: a key pressed twice steps twice.
  queued(async () => {
    const line = board.moves.length + board.redo.length;
    const ply = { ArrowLeft: board.moves.length - 1, ArrowRight: board.moves.length + 1,
                  Home: 0, End: line }[e.key];
    if (ply >= 0 && ply <= line && ply !== board.moves.length) await goTo(ply);
  });
});
const trash = $("trash");
trash.addEventListener("dragover", (e) => { e.preventDefault(); trash.classList.add("over"); });
trash.addEventListener("dragleave", () => trash.classList.remove("over"));
trash.addEventListener("drop", (e) => {
  e.preventDefault();
  trash.classList.remove("over");
  const data = JSON.parse(e.dataTransfer.getData("text/plain") || "{}");
  if (data.from) queued(async () => show(await api("DELETE", url(`/squares/${data.from}`))));
});
for (const id of ["format", "x-flip", "x-coords", "x-crop", "x-caption", "x-width",
                  "x-arrows", "x-highlights", "x-marks", "x-to-move", "x-style",
                  "x-legend"]) {
  $(id).addEventListener("change", () => { showExport(); checkFigure().catch(() => {}); });
}
$("preview-box").addEventListener("toggle", () => {
  if ($("preview-box").open) checkFigure().catch(() => {});
});
$("squares").addEventListener("contextmenu", (e) => e.preventDefault());
$("squares").addEventListener("pointerdown", (e) => {
  if (e.button === 2) drawingFrom = squareAt(e);
});
// The colour by the keys held, as on lichess: none green, Shift red, Alt blue, both
// yellow. Always written, so that the figure draws the colour the board shows.
function heldColour(e) {
  if (e.shiftKey && e.altKey) return ":yellow";
  if (e.shiftKey) return ":red";
  return e.altKey ? ":blue" : ":green";
}
$("squares").addEventListener("pointerup", (e) => {
  if (e.button !== 2 || !drawingFrom) return;
  const [from, to] = [drawingFrom, squareAt(e)];
  drawingFrom = null;
  if (!to) return;
  if (from === to) {
    toggleWord("x-marks", `${to}:circle${heldColour(e)}`, (w) => w.split(":")[0] === to);
  } else {
    toggleWord("x-arrows", `${from}-${to}${heldColour(e)}`,
               (w) => w.split(":")[0] === `${from}-${to}`);
  }
});

queued(start);
