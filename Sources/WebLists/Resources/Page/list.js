// A live list: the full list once, then the batch updates (one per apply, several in an array
// when the page was behind), applied to one element per item (moves, inserts and changes
// animated), with generations checked and reconnection with back-off. All text is set as text,
// never as markup.
"use strict";
(() => {
  const root = document.getElementById("wl-list");
  const badge = document.getElementById("wl-state");
  let sections = [];
  let epoch = null;
  let generation = null;
  let awaitingFull = false;
  let socket = null;
  let attempt = 0;

  const token = (text) => String(text).replace(/[^A-Za-z0-9-]/g, "");

  function show(state) {
    badge.dataset.state = state;
    badge.textContent = state;
  }

  function fill(element, cell, base) {
    const classes = [base];
    if (cell.s) classes.push("wl-style-" + token(cell.s));
    for (const mark of cell.m || []) classes.push("wl-mark-" + token(mark));
    element.className = classes.join(" ");
    element.replaceChildren(...(cell.f || []).map((text, index) => {
      const field = document.createElement("span");
      field.className = "wl-f wl-f" + index;
      field.textContent = text;
      return field;
    }));
  }

  function makeRow([key, cell]) {
    const el = document.createElement("li");
    el.dataset.key = key;
    fill(el, cell, "wl-row");
    return { key, el };
  }

  function makeSection([key, header, rows]) {
    const el = document.createElement("section");
    el.className = "wl-section";
    el.dataset.key = key;
    const headerEl = document.createElement("h2");
    fill(headerEl, header, "wl-header");
    const listEl = document.createElement("ul");
    listEl.className = "wl-rows";
    el.append(headerEl, listEl);
    return { key, el, listEl, rows: rows.map(makeRow) };
  }

  // Puts `elements` in `parent` in this order, removing the children not among them.
  function arrange(parent, elements) {
    let cursor = parent.firstChild;
    for (const el of elements) {
      if (el === cursor) cursor = cursor.nextSibling;
      else parent.insertBefore(el, cursor);
    }
    while (cursor) {
      const next = cursor.nextSibling;
      parent.removeChild(cursor);
      cursor = next;
    }
  }

  function render(fresh) {
    arrange(root, sections.map((section) => section.el));
    for (const section of sections) arrange(section.listEl, section.rows.map((row) => row.el));
    for (const el of fresh) el.animate?.([{ opacity: 0 }, { opacity: 1 }], { duration: 300 });
  }

  function applyFull(message) {
    sections = message.sections.map(makeSection);
    render([]);
    epoch = message.epoch;
    generation = message.g;
    awaitingFull = false;
  }

  // Places `placed` (new index -> value) and fills the other slots, in order, with `kept`.
  function place(count, placed, kept) {
    const result = new Array(count);
    for (const [index, value] of placed) result[index] = value;
    let next = 0;
    for (const value of kept) {
      while (result[next] !== undefined) next++;
      result[next] = value;
    }
    return result;
  }

  function group(entries, sectionOf) {
    const groups = new Map();
    for (const entry of entries) {
      const key = sectionOf(entry);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(entry);
    }
    return groups;
  }

  // Applies one batch update the way UIKit reads it: deletes, reloads and move sources name
  // old positions; inserts, move destinations and reconfigures name new ones.
  function applyUpdate(m) {
    const old = sections;
    const deletedSections = new Set(m.sd || []);
    const reloadedSections = new Map((m.sr || []).map(([from, , content]) => [from, content]));
    const movedSections = new Map((m.sm || []).map(([from, to]) => [from, to]));
    const deleted = new Set((m.d || []).map(([s, i]) => s + "," + i));
    const movedOut = new Set((m.m || []).map(([s, i]) => s + "," + i));
    for (const [s, i, cell] of m.r || []) fill(old[s].rows[i].el, cell, "wl-row");

    const origin = new Map();
    const fresh = [];
    const placedSections = [];
    for (const [index, content] of m.si || []) {
      const section = makeSection(content);
      fresh.push(section.el);
      placedSections.push([index, section]);
    }
    for (const [from, to] of movedSections) {
      origin.set(old[from], from);
      placedSections.push([to, old[from]]);
    }
    const kept = [];
    old.forEach((section, index) => {
      if (deletedSections.has(index) || movedSections.has(index)) return;
      if (reloadedSections.has(index)) {
        const replacement = makeSection(reloadedSections.get(index));
        fresh.push(replacement.el);
        kept.push(replacement);
      } else {
        origin.set(section, index);
        kept.push(section);
      }
    });
    const next = place(old.length - deletedSections.size + (m.si || []).length, placedSections, kept);

    const inserts = group(m.i || [], ([s]) => s);
    const movesIn = group(m.m || [], ([, , s]) => s);
    next.forEach((section, index) => {
      if (!origin.has(section)) return;
      const from = origin.get(section);
      const remaining = section.rows.filter((_, i) => !deleted.has(from + "," + i) && !movedOut.has(from + "," + i));
      const placed = [];
      for (const [, i, key, cell] of inserts.get(index) || []) {
        const row = makeRow([key, cell]);
        fresh.push(row.el);
        placed.push([i, row]);
      }
      for (const [fs, fi, , ti] of movesIn.get(index) || []) placed.push([ti, old[fs].rows[fi]]);
      section.rows = placed.length || remaining.length !== section.rows.length
        ? place(remaining.length + placed.length, placed, remaining)
        : section.rows;
    });
    const moving = (m.m || []).map(([fs, fi]) => old[fs].rows[fi].el);
    const before = new Map(moving.map((el) => [el, el.getBoundingClientRect().top]));
    sections = next;
    for (const [s, i, cell] of m.c || []) {
      const el = sections[s].rows[i].el;
      fill(el, cell, "wl-row");
      el.animate?.([{ backgroundColor: "#fefcbf" }, { backgroundColor: "transparent" }], { duration: 900 });
    }
    render(fresh);
    for (const [el, top] of before) {
      const shift = top - el.getBoundingClientRect().top;
      if (shift) el.animate?.([{ transform: `translateY(${shift}px)` }, { transform: "none" }], { duration: 300, easing: "ease-out" });
    }
    generation = m.g;
  }

  function resync() {
    awaitingFull = true;
    show("resyncing");
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ t: "resync" }));
  }

  // Applies one message; false when the page must wait for the full list instead.
  function handle(message) {
    if (message === null || typeof message !== "object") {
      resync();
      return false;
    }
    if (message.t === "full") {
      applyFull(message);
      show("live");
    } else if (message.t === "u" && !awaitingFull) {
      if (generation === null || message.g !== generation + 1) {
        resync();
        return false;
      }
      try {
        applyUpdate(message);
      } catch {
        resync();
        return false;
      }
    }
    return true;
  }

  // A message is one full list or update, or an array of updates a page had pending, in order.
  function receive(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return resync();
    }
    for (const part of Array.isArray(message) ? message : [message]) {
      if (!handle(part)) break;
    }
    document.body.dataset.generation = generation === null ? "" : String(generation);
  }

  function connect() {
    const url = new URL(root.dataset.socket, location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    if (epoch !== null && generation !== null && !awaitingFull) {
      url.searchParams.set("epoch", epoch);
      url.searchParams.set("g", String(generation));
    }
    socket = new WebSocket(url);
    socket.onopen = () => { attempt = 0; };
    socket.onmessage = receive;
    socket.onclose = () => {
      show("reconnecting");
      const delay = Math.min(10000, 250 * 2 ** attempt) * (0.75 + Math.random() / 2);
      attempt += 1;
      setTimeout(connect, delay);
    };
  }

  connect();
})();
