// The page's searches, off the page's thread: slide's WebAssembly
// (crates/web) answers each message, and the tables it builds are kept in
// IndexedDB so that a later visit reads them rather than building them.
//
// Messages in: {id, kind: "solve", args} (what follows `slide solve`),
// {id, kind: "read", start, goal}, {id, kind: "random", rows, cols, seed,
// moves}, {id, kind: "tables", goal} (builds the 4x4 tables of 6-6-3 for
// that goal, as `slide solve --algo idastar --heuristic pdb` uses them).
// Messages out: {id, ok: true, value} or {id, ok: false, error}; and
// {kind: "status", text} while tables are read or kept.

import init, * as slide from "./pkg/slide_web.js";

const DB = "slide-tables";
const STORE = "files";

function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// Every kept file, handed to the cache held in memory.
async function readKept() {
  const db = await database();
  const files = await new Promise((resolve, reject) => {
    const names = [];
    const values = [];
    const cursor = db.transaction(STORE).objectStore(STORE).openCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) return resolve([names, values]);
      names.push(at.key);
      values.push(at.value);
      at.continue();
    };
    cursor.onerror = () => reject(cursor.error);
  });
  const [names, values] = files;
  names.forEach((name, i) => slide.put_file(name, new Uint8Array(values[i])));
  db.close();
  return names.length;
}

// The files built since the last call, kept.
async function keepNew() {
  const names = slide.new_files();
  if (names.length === 0) return;
  postMessage({ kind: "status", text: `keeping ${names.length} table file(s) in the browser` });
  const db = await database();
  await new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, "readwrite");
    for (const name of names) transaction.objectStore(STORE).put(slide.new_file(name), name);
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

const ready = (async () => {
  await init();
  slide.start();
  try {
    const count = await readKept();
    if (count > 0) postMessage({ kind: "status", text: `${count} table file(s) read from the browser` });
  } catch (error) {
    postMessage({ kind: "status", text: `the browser keeps no tables here (${error}): they are built when needed` });
  }
})();

function answer(message) {
  switch (message.kind) {
    case "solve":
      return slide.solve(message.args);
    case "read":
      return Array.from(slide.read(message.start, message.goal ?? undefined));
    case "random":
      return slide.random(message.rows, message.cols, BigInt(message.seed), message.moves ?? undefined);
    case "tables":
      return slide.build_tables(message.goal);
    default:
      throw `no such request: ${message.kind}`;
  }
}

onmessage = async (event) => {
  const message = event.data;
  await ready;
  let reply;
  try {
    reply = { id: message.id, ok: true, value: answer(message) };
  } catch (error) {
    reply = { id: message.id, ok: false, error: String(error) };
  }
  try {
    await keepNew();
  } catch (error) {
    postMessage({ kind: "status", text: `the tables could not be kept (${error})` });
  }
  postMessage(reply);
};
