// The editor's page: every question goes to the JSON API (generator/web/app.py), which
// answers with the whole state of the board; the page only draws that state.

const $ = (id) => document.getElementById(id);
let board = null;      // the last state the API sent
let mode = "edit";     // "edit" (set up) or "play"
let selected = null;   // the square whose card is selected
let targets = {};      // play: destination square -> its moves

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
  await load({ layout: $("layouts").value });
}

function showPalette() {
  const source = catalogue.sources.find((s) => s.name === $("source").value);
  const box = $("cards");
  box.replaceChildren();
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
      tile.addEventListener("dragstart", (e) => {
        e.dataTransfer.setData("text/plain", JSON.stringify({ card: pieceOf(card) }));
      });
      box.append(tile);
    }
  }
}

function pieceOf(card) {
  const facing = document.querySelector("input[name=facing]:checked").value;
  return ($("facedown").checked ? `(${card})` : card) + facing;
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
  board = state;
  targets = {};
  document.body.classList.toggle("playing", mode === "play");
  $("mode-edit").setAttribute("aria-selected", String(mode === "edit"));
  $("mode-play").setAttribute("aria-selected", String(mode === "play"));
  $("title").textContent = `${state.title} (${state.layout})`;
  $("check").value = state.check;
  $("flip").checked = state.flip;
  $("first").value = state.first;
  $("drawing").innerHTML = state.svg;
  // The whole board in the window, whatever its shape (8 x 8 of tall squares, or 16 x 4).
  const box = $("drawing").querySelector("svg").viewBox.baseVal;
  $("board").style.width = `min(100%, calc((100vh - 16em) * ${box.width / box.height}))`;
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
  showPlay();
  showExport();
  offBoardMoves().catch(() => {});
}

function drawSquares() {
  const layer = $("squares");
  layer.replaceChildren();
  const faults = {};
  if (mode === "edit") {
    for (const p of board.problems) {
      if (p.square) (faults[p.square] ??= []).push(p.message);
    }
  }
  for (const [name, [x, y, w, h]] of Object.entries(board.boxes)) {
    const sq = document.createElement("div");
    sq.className = "sq";
    sq.dataset.square = name;
    Object.assign(sq.style, { left: `${x * 100}%`, top: `${y * 100}%`,
                              width: `${w * 100}%`, height: `${h * 100}%` });
    const pile = board.squares[name];
    sq.title = pile ? `${name} ${pile}` : name;
    if (pile) {
      sq.classList.add("has");
      sq.draggable = true;
      sq.addEventListener("dragstart", (e) => {
        e.dataTransfer.setData("text/plain", JSON.stringify({ from: name }));
        if (mode === "play") select(name);
      });
    }
    if (faults[name]) {
      sq.classList.add("problem");
      sq.title += "\n" + faults[name].join("\n");
    }
    if (name === selected) sq.classList.add("selected");
    sq.addEventListener("click", () => clicked(name));
    sq.addEventListener("dragover", (e) => { e.preventDefault(); sq.classList.add("over"); });
    sq.addEventListener("dragleave", () => sq.classList.remove("over"));
    sq.addEventListener("drop", (e) => { e.preventDefault(); dropped(name, e); });
    layer.append(sq);
  }
  $("selected").textContent = selected && mode === "edit"
    ? `${selected}: ${board.squares[selected] ?? "empty"}` : "";
}

async function dropped(square, event) {
  const data = JSON.parse(event.dataTransfer.getData("text/plain") || "{}");
  if (mode === "play") {
    if (data.from && targets[square]) await play(targets[square][0]);
    return;
  }
  if (data.card) {
    // A card dropped on a card is laid on it (a pile); on a free square it is put there.
    const action = board.squares[square] ? "add" : "put";
    const body = action === "add" ? { action, card: data.card } : { action, pile: data.card };
    selected = square;
    show(await api("POST", url(`/squares/${square}`), body));
  } else if (data.from && data.from !== square) {
    selected = square;
    show(await api("POST", url(`/squares/${data.from}`), { action: "move", to: square }));
  }
}

async function clicked(square) {
  if (mode === "edit") {
    selected = board.squares[square] ? square : null;
    drawSquares();
    return;
  }
  if (targets[square] && selected) {
    await play(targets[square][0]);
  } else if (board.squares[square]) {
    await select(square);
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
  const data = await api("GET", url(`/moves?square=${square}`));
  drawSquares();
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
    b.addEventListener("click", () => play(move));
    list.append(b);
  }
  if (!data.moves.length) say(`${square}: no legal move for ${data.to_move} now`);
}

async function play(move) {
  selected = null;
  show(await api("POST", url("/moves"), { move }));
  $("card-moves").replaceChildren();
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
    b.addEventListener("click", guard(() => play(move)));
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

function showPlay() {
  const list = $("movelist");
  list.replaceChildren();
  for (const m of board.moves) {
    const li = document.createElement("li");
    li.textContent = m.move;
    if (m.took.length) {
      li.classList.add("took");
      li.title = `took ${m.took.join(" ")}`;
    }
    list.append(li);
  }
  $("turn-line").textContent = mode === "play" && !board.playing
    ? `${board.first} moves first` : "";
  $("result").textContent = board.result ? board.result.text : "";
  $("undo").disabled = !board.moves.length;
  $("redo").disabled = !board.redo.length;
}

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
  return q;
}

async function showExport() {
  const fmt = $("format").value;
  const q = figureQuery();
  $("figure-link").href = url(`/figure.${fmt}?${q}`);
  $("figure-link").download = `figure.${fmt}`;
  $("layout-link").href = url("/layout.toml");
  $("current-link").href = url("/layout.toml?position=current");
  $("moves-text").value = board.moves.map((m) => m.move).join(" ");
  q.set("format", fmt);
  try {
    const data = await api("GET", url(`/command?${q}`));
    $("command").textContent = data.command.map(quoted).join(" ");
  } catch { $("command").textContent = ""; }
}

function quoted(word) { return /^[\w@:.,\/=+^-]+$/.test(word) ? word : `'${word}'`; }

// --- wiring -------------------------------------------------------------------------------

async function settings(body) { show(await api("POST", url("/settings"), body)); }

function guard(handler) {
  // A refused request has said why in the message line already.
  return (...args) => handler(...args).catch(() => {});
}

$("load").addEventListener("submit", guard(async (e) => {
  e.preventDefault();
  await load({ layout: $("layouts").value });
}));
$("upload").addEventListener("change", guard(async () => {
  const file = $("upload").files[0];
  // A layout file that names no game is judged by the game chosen in the bar.
  if (file) {
    await load({ toml: await file.text(), filename: file.name,
                 game: $("game").value || null });
  }
  $("upload").value = "";
}));
$("blank").addEventListener("submit", guard(async (e) => {
  e.preventDefault();
  await load({ board: $("boards").value, game: $("new-game").value,
               players: { south: $("south").value, north: $("north").value } });
}));
$("source").addEventListener("change", showPalette);
$("hands").addEventListener("submit", guard(async (e) => {
  e.preventDefault();
  const hands = {};
  for (const input of $("hands").querySelectorAll("input")) hands[input.name] = input.value;
  await settings({ hands });
}));
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
$("mode-play").addEventListener("click", () => {
  mode = "play";
  selected = null;
  show(board);
});
$("undo").addEventListener("click", guard(async () => show(await api("POST", url("/undo")))));
$("redo").addEventListener("click", guard(async () => show(await api("POST", url("/redo")))));
$("reset").addEventListener("click", guard(async () => show(await api("POST", url("/reset")))));
$("typed").addEventListener("submit", guard(async (e) => {
  e.preventDefault();
  await play($("move-text").value.trim());
  $("move-text").value = "";
}));
const trash = $("trash");
trash.addEventListener("dragover", (e) => { e.preventDefault(); trash.classList.add("over"); });
trash.addEventListener("dragleave", () => trash.classList.remove("over"));
trash.addEventListener("drop", guard(async (e) => {
  e.preventDefault();
  trash.classList.remove("over");
  const data = JSON.parse(e.dataTransfer.getData("text/plain") || "{}");
  if (data.from) show(await api("DELETE", url(`/squares/${data.from}`)));
}));
for (const id of ["format", "x-flip", "x-coords", "x-crop", "x-caption", "x-width",
                  "x-arrows", "x-highlights", "x-marks", "x-to-move"]) {
  $(id).addEventListener("change", () => showExport());
}

start().catch(() => {});
