// The page: a board to set, play, solve and compare. Every search runs in
// worker.js (slide's WebAssembly); this file only draws and asks.
// docs/web.md says what the page does and how a link asks it.

const $ = (id) => document.getElementById(id);

// ---- The worker: one request at a time in its queue; Stop ends it. ----

let worker;
let nextId = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.kind === "status") {
      $("tables").textContent = message.text;
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new Error(message.error));
    // A trap (a bug: its panic's message is in the console) leaves the
    // WebAssembly in no state to go on: a fresh worker answers from now.
    if (!message.ok && message.error.startsWith("RuntimeError")) renewWorker("the worker was restarted");
  };
  worker.onerror = (event) => {
    const error = new Error(`the worker failed: ${event.message ?? "see the console"}`);
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
}

function ask(message) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...message, id });
  });
}

// The worker ended at once, whatever it computes, and a fresh one started
// (it reads the kept tables again); the requests it held fail with `why`.
function renewWorker(why) {
  worker.terminate();
  for (const waiting of pending.values()) waiting.reject(new Error(why));
  pending.clear();
  startWorker();
}

// Stop.
function stop() {
  renewWorker("stopped");
}

startWorker();

// ---- The board: rows, columns, the start, the goal, and what is shown. ----

const state = {
  rows: 3,
  cols: 3,
  start: [],
  goal: [],
  shown: [],
  path: "",
  at: 0,
  played: 0,
};

const DELTA = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
const REVERSE = { u: "d", d: "u", l: "r", r: "l" };

function text(cells, cols) {
  const rows = [];
  for (let at = 0; at < cells.length; at += cols) {
    rows.push(cells.slice(at, at + cols).map((c) => (c === 0 ? "_" : String(c))).join(" "));
  }
  return rows.join(" / ");
}

// The blank's move `move` on `cells`; false if it leaves the board.
function apply(cells, move) {
  const blank = cells.indexOf(0);
  const [dr, dc] = DELTA[move];
  const row = Math.floor(blank / state.cols) + dr;
  const col = (blank % state.cols) + dc;
  if (row < 0 || row >= state.rows || col < 0 || col >= state.cols) return false;
  const next = row * state.cols + col;
  cells[blank] = cells[next];
  cells[next] = 0;
  return true;
}

function draw() {
  const grid = $("grid");
  grid.style.gridTemplateColumns = `repeat(${state.cols}, 1fr)`;
  grid.style.gridTemplateRows = `repeat(${state.rows}, 1fr)`;
  grid.style.aspectRatio = `${state.cols} / ${state.rows}`;
  grid.style.fontSize = `${Math.max(10, 180 / Math.max(state.rows, state.cols))}px`;
  grid.replaceChildren(
    ...state.shown.map((tile, cell) => {
      const div = document.createElement("div");
      div.dataset.cell = cell;
      if (tile === 0) {
        div.className = "blank";
      } else {
        div.className = tile === state.goal[cell] ? "tile home" : "tile";
        div.textContent = tile;
      }
      return div;
    }),
  );
  const solved = state.shown.every((tile, cell) => tile === state.goal[cell]);
  grid.dataset.solved = solved;
  const along = state.path ? ` · move ${state.at} of ${state.path.length}` : "";
  const played = state.played ? ` · ${state.played} played` : "";
  $("position").textContent = (solved ? "at the goal" : "not at the goal") + along + played;
}

// Reads the board and goal fields through the command line's reader.
async function load() {
  const goal = $("goal").value.trim();
  const numbers = await ask({ kind: "read", start: $("board").value, goal: goal || null });
  const [rows, cols] = numbers;
  const cells = rows * cols;
  Object.assign(state, {
    rows,
    cols,
    start: numbers.slice(2, 2 + cells),
    goal: numbers.slice(2 + cells, 2 + 2 * cells),
    path: "",
    at: 0,
    played: 0,
  });
  state.shown = state.start.slice();
  $("size").value = `${rows}x${cols}`;
  pause();
  draw();
  fitChoices();
}

async function loadOrSay() {
  try {
    await load();
    say("");
  } catch (error) {
    say(error.message);
  }
}

// A move played by hand: the shown board becomes the start.
function play(move) {
  if (!apply(state.shown, move)) return;
  pause();
  state.played += 1;
  state.path = "";
  state.at = 0;
  state.start = state.shown.slice();
  $("board").value = text(state.start, state.cols);
  draw();
}

$("grid").addEventListener("click", (event) => {
  const cell = Number(event.target.dataset.cell);
  if (Number.isNaN(cell)) return;
  const blank = state.shown.indexOf(0);
  const [row, col] = [Math.floor(cell / state.cols), cell % state.cols];
  const [blankRow, blankCol] = [Math.floor(blank / state.cols), blank % state.cols];
  let move;
  let count;
  if (row === blankRow && col !== blankCol) [move, count] = [col > blankCol ? "r" : "l", Math.abs(col - blankCol)];
  else if (col === blankCol && row !== blankRow) [move, count] = [row > blankRow ? "d" : "u", Math.abs(row - blankRow)];
  else return;
  for (let i = 0; i < count; i++) play(move);
});

// An arrow slides a tile towards it: the blank goes the other way.
const KEYS = { ArrowUp: "d", ArrowDown: "u", ArrowLeft: "r", ArrowRight: "l" };
document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName);
  if (typing || !(event.key in KEYS)) return;
  event.preventDefault();
  play(KEYS[event.key]);
});

// ---- The path, animated. ----

let timer = null;

function step() {
  if (state.at >= state.path.length) return pause();
  apply(state.shown, state.path[state.at]);
  state.at += 1;
  draw();
}

function back() {
  if (state.at === 0) return;
  state.at -= 1;
  apply(state.shown, REVERSE[state.path[state.at]]);
  draw();
}

function pause() {
  clearInterval(timer);
  timer = null;
}

function playPath() {
  pause();
  if (state.at >= state.path.length) restart();
  timer = setInterval(step, 1000 / Number($("speed").value));
}

function restart() {
  pause();
  state.shown = state.start.slice();
  state.at = 0;
  draw();
}

$("step").onclick = step;
$("back").onclick = back;
$("pause").onclick = pause;
$("play-path").onclick = playPath;
$("restart").onclick = restart;
$("speed").oninput = () => timer && playPath();

// ---- Requests: what `slide solve` is asked, and its answer. ----

function say(message) {
  $("status").textContent = message;
}

// A link's fields as it gives them, for the request it opens with (a
// value the page's lists do not hold goes to the command line's reader,
// which says what is wrong with it).
let linked = null;

// The request on the page, as `slide solve`'s arguments and as a link.
function request() {
  const fields = linked ?? {
    board: $("board").value.trim(),
    goal: $("goal").value.trim(),
    algo: $("algo").value,
    heuristic: $("heuristic").value,
    budget: state.rows * state.cols > 16 ? $("budget").value.trim() : "",
  };
  const args = ["--json", fields.board];
  if (fields.goal) args.push("--goal", fields.goal);
  if (fields.algo !== "auto") args.push("--algo", fields.algo);
  if (fields.heuristic) args.push("--heuristic", fields.heuristic);
  if (fields.budget) args.push("--budget", fields.budget);
  const link = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value && !(name === "algo" && value === "auto")) link.set(name, value);
  }
  return { args, fields, link: `${location.pathname}?${link}` };
}

// Whether a search of this request takes the 4x4 pattern databases: then
// the worker builds them first (once; the browser keeps them).
function takesTables(fields) {
  const corners = [0, state.cols - 1, (state.rows - 1) * state.cols, state.rows * state.cols - 1];
  return (
    state.rows === 4 &&
    state.cols === 4 &&
    corners.includes(state.goal.indexOf(0)) &&
    ["auto", "idastar", "astar"].includes(fields.algo) &&
    ["", "pdb"].includes(fields.heuristic)
  );
}

// Refuses what a browser cannot hold: the 5x5 tables take 977 MB.
function refused(fields) {
  if (fields.heuristic.startsWith("pdb") && state.rows * state.cols > 16) {
    return "pattern databases here are the 4x4 ones: the 24-puzzle's take 977 MB, past what a page should hold (use the command line)";
  }
  return null;
}

async function runSearch(args, fields) {
  const no = refused(fields);
  if (no) throw new Error(no);
  if (takesTables(fields)) {
    say("building the 4x4 tables (6-6-3), once: the browser keeps them");
    await ask({ kind: "tables", goal: text(state.goal, state.cols) });
  }
  say("searching…");
  return await ask({ kind: "solve", args });
}

function setBusy(busy) {
  $("solve").disabled = busy;
  $("compare-run").disabled = busy;
  $("stop").disabled = !busy;
}

function showResult(answer) {
  const rows = [
    ["length", answer.solvable ? answer.length : "the goal cannot be reached"],
    ["search", answer.algorithm],
  ];
  if (answer.nodes_expanded !== undefined) rows.push(["nodes expanded", answer.nodes_expanded.toLocaleString("en")]);
  rows.push(["time", `${answer.seconds.toFixed(3)} s`]);
  if (answer.optimal) rows.push(["optimal", "yes: no path is shorter"]);
  else if (answer.bound !== undefined) {
    rows.push(["optimal", `not known: no path is shorter than ${answer.lower_bound}, so this one is at most ${answer.bound.toFixed(3)} times a shortest`]);
  } else if (answer.lower_bound !== undefined) {
    rows.push(["optimal", `no: no path is shorter than ${answer.lower_bound} (the Manhattan distance)`]);
  }
  $("result").tBodies[0].replaceChildren(
    ...rows.map(([name, value]) => {
      const tr = document.createElement("tr");
      tr.innerHTML = "<td></td><td></td>";
      tr.cells[0].textContent = name;
      tr.cells[1].textContent = value;
      return tr;
    }),
  );
}

async function solve() {
  const answerBox = $("answer");
  delete answerBox.dataset.json;
  delete answerBox.dataset.error;
  answerBox.textContent = "";
  $("result").tBodies[0].replaceChildren();
  setBusy(true);
  try {
    await load();
    const { args, fields, link } = request();
    $("share").href = link;
    const json = (await runSearch(args, fields)).trim();
    const answer = JSON.parse(json);
    answerBox.textContent = json;
    answerBox.dataset.json = json;
    showResult(answer);
    state.path = answer.path ?? "";
    state.at = 0;
    state.shown = state.start.slice();
    draw();
    say(answer.solvable ? "found: play it below the board" : "");
  } catch (error) {
    answerBox.dataset.error = error.message;
    say(error.message === "stopped" ? "stopped" : `error: ${error.message}`);
  } finally {
    linked = null;
    setBusy(false);
  }
}

$("solve").onclick = solve;
$("stop").onclick = () => {
  stop();
  say("stopped");
};
$("load").onclick = loadOrSay;

// ---- Random boards. ----

function fillSizes() {
  const select = $("size");
  for (let rows = 2; rows <= 10; rows++) {
    for (let cols = 2; cols <= 10; cols++) {
      if (Math.abs(rows - cols) > 1 && rows !== 2 && cols !== 2) continue;
      const option = document.createElement("option");
      option.value = option.textContent = `${rows}x${cols}`;
      select.append(option);
    }
  }
  select.value = "3x3";
}

async function randomBoard(moves) {
  const [rows, cols] = $("size").value.split("x").map(Number);
  try {
    const seed = Number($("seed").value) || 0;
    $("board").value = await ask({ kind: "random", rows, cols, seed, moves });
    $("goal").value = "";
    $("seed").value = seed + 1;
    await load();
    say("");
  } catch (error) {
    say(error.message);
  }
}

$("random").onclick = () => randomBoard(null);
$("scramble").onclick = () => randomBoard(Number($("moves").value) || 1);

// ---- Compare. ----

const SEARCHES = [
  { name: "BFS", algo: "bfs", small: true },
  { name: "two-ended BFS", algo: "bidi", small: true },
  { name: "A* Manhattan", algo: "astar", heuristic: "manhattan", small: true },
  { name: "A* linear conflict", algo: "astar", heuristic: "linear-conflict", small: true },
  { name: "IDA* Manhattan", algo: "idastar", heuristic: "manhattan" },
  { name: "IDA* linear conflict", algo: "idastar", heuristic: "linear-conflict" },
  { name: "IDA* walking distance", algo: "idastar", heuristic: "walking-distance", small: true },
  { name: "IDA* pattern databases", algo: "idastar", heuristic: "pdb", fourByFour: true },
  { name: "near-optimal (beam)", algo: "auto", large: true },
  { name: "reduction", algo: "reduce" },
];

// The searches that fit the board: BFS and A* on small boards (their
// memory), the pattern databases on 4x4, the near-optimal route past 16.
let choicesFor = null;

function fitChoices() {
  const cells = state.rows * state.cols;
  const box = $("choices");
  // A person's choices stay while the boards keep their kind (up to 9
  // cells, up to 16, past 16); a board of another kind starts afresh.
  const kind = cells <= 9 ? "small" : cells <= 16 ? "medium" : "large";
  const checked = kind === choicesFor ? new Set([...box.querySelectorAll("input:checked")].map((input) => input.value)) : new Set();
  choicesFor = kind;
  box.replaceChildren(
    ...SEARCHES.map((search, index) => ({ search, index }))
      .filter(({ search }) => !(search.small && cells > 16) && !(search.large && cells <= 16))
      .filter(({ search }) => !search.fourByFour || (state.rows === 4 && state.cols === 4))
      .map(({ search, index }) => {
        const label = document.createElement("label");
        const input = document.createElement("input");
        input.type = "checkbox";
        input.value = index;
        input.checked = checked.size ? checked.has(String(index)) : checkedFirst(search, cells);
        label.append(input, ` ${search.name}`);
        return label;
      }),
  );
}

// What Compare offers checked on a board of `cells` cells: every search on
// the 8-puzzle; on the 15-puzzle those that end in seconds (not BFS, nor
// IDA* with the Manhattan distance); past 16 cells the two that are not
// optimal (an optimal search there takes minutes or more).
function checkedFirst(search, cells) {
  if (cells <= 9) return true;
  if (cells <= 16) return !["BFS", "IDA* Manhattan"].includes(search.name);
  return search.large || search.algo === "reduce";
}

async function compare() {
  setBusy(true);
  const body = $("compare-table").tBodies[0];
  body.replaceChildren();
  const results = [];
  try {
    await load();
    const chosen = [...$("choices").querySelectorAll("input:checked")].map((input) => SEARCHES[Number(input.value)]);
    for (const search of chosen) {
      const fields = { ...request().fields, algo: search.algo, heuristic: search.heuristic ?? "" };
      const args = ["--json", fields.board];
      if (fields.goal) args.push("--goal", fields.goal);
      if (search.algo !== "auto") args.push("--algo", search.algo);
      if (search.heuristic) args.push("--heuristic", search.heuristic);
      if (state.rows * state.cols > 16) args.push("--budget", $("budget").value || "4.5");
      // Within a browser's memory and patience: the searches that store
      // states stop at 3 million, any search after 60 s.
      if (["bfs", "bidi", "astar"].includes(search.algo)) args.push("--max-states", "3000000");
      args.push("--timeout", "60");
      const tr = body.insertRow();
      tr.innerHTML = "<td></td><td></td><td></td><td></td><td></td>";
      tr.cells[0].textContent = search.name;
      tr.cells[1].textContent = "…";
      try {
        const answer = JSON.parse(await runSearch(args, fields));
        tr.cells[1].textContent = answer.length ?? "none";
        tr.cells[2].textContent = answer.nodes_expanded?.toLocaleString("en") ?? "—";
        tr.cells[3].textContent = answer.seconds.toFixed(3);
        tr.cells[4].textContent = answer.optimal ? "yes" : answer.bound ? `≤ ${answer.bound.toFixed(2)}×` : "no";
        results.push({ name: search.name, nodes: answer.nodes_expanded ?? 0, seconds: answer.seconds });
      } catch (error) {
        tr.cells[1].textContent = error.message === "stopped" ? "stopped" : error.message;
        tr.cells[1].colSpan = 4;
        while (tr.cells.length > 2) tr.deleteCell(2);
        if (error.message === "stopped") break;
      }
      chart(results);
    }
    say("");
  } catch (error) {
    say(error.message);
  } finally {
    setBusy(false);
  }
}

// Bars of nodes expanded (log scale) and of seconds, a row per search.
function chart(results) {
  const svg = $("chart");
  const rowHeight = 34;
  const left = 170;
  const width = 640 - left - 130;
  svg.setAttribute("height", results.length * rowHeight + 20);
  const most = (key) => Math.max(...results.map((result) => result[key]), 1e-9);
  const scaled = (value, key) => (key === "nodes" ? Math.log10(1 + value) / Math.log10(1 + most(key)) : value / most(key));
  const parts = [];
  results.forEach((result, i) => {
    const y = i * rowHeight + 6;
    parts.push(`<text x="0" y="${y + 18}">${result.name.replace(/</g, "&lt;")}</text>`);
    const nodes = Math.max(1, scaled(result.nodes, "nodes") * width);
    const time = Math.max(1, scaled(result.seconds, "seconds") * width);
    parts.push(`<rect class="nodes" x="${left}" y="${y}" width="${nodes}" height="13"></rect>`);
    parts.push(`<text x="${left + nodes + 4}" y="${y + 11}">${result.nodes.toLocaleString("en")} nodes</text>`);
    parts.push(`<rect class="time" x="${left}" y="${y + 15}" width="${time}" height="13"></rect>`);
    parts.push(`<text x="${left + time + 4}" y="${y + 26}">${result.seconds.toFixed(3)} s</text>`);
  });
  svg.innerHTML = parts.join("");
}

$("compare-run").onclick = compare;

// ---- The page opens: a link is a request. ----

fillSizes();
const params = new URLSearchParams(location.search);
if (params.has("board")) {
  linked = {
    board: params.get("board").trim(),
    goal: (params.get("goal") ?? "").trim(),
    algo: params.get("algo") ?? "auto",
    heuristic: params.get("heuristic") ?? "",
    // A link without a budget takes the command line's (10 s).
    budget: params.get("budget") ?? "",
  };
  $("board").value = linked.board;
  $("goal").value = linked.goal;
  $("algo").value = linked.algo;
  $("heuristic").value = linked.heuristic;
  $("budget").value = linked.budget;
  solve();
} else {
  loadOrSay();
}
