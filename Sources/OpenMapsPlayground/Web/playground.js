// The OpenMaps playground page: shows the engine's frames on a canvas and forwards raw
// pointer input to it. The engine (on the server) recognizes gestures, moves the camera,
// calls the sample's delegate and draws; nothing about the map is decided here.
"use strict";

(() => {
  const canvas = document.getElementById("map");
  const context = canvas.getContext("2d");
  const status = document.getElementById("status");
  const list = document.getElementById("events");
  const samples = document.getElementById("samples");
  const summary = document.getElementById("summary");
  const coverage = document.getElementById("coverage");
  const fps = document.getElementById("fps");
  const params = new URLSearchParams(location.search);
  const state = { framesShown: 0, connected: false, sample: null, eventsShown: 0, screen: null };
  window.playground = state;

  const MAX_EVENTS = 300;
  let socket = null;
  let frameTimes = [];

  // The map first (rule 80): until a connection's first frame is drawn, what the server says
  // for the panel (the samples list, delegate events, the coverage note) waits, and is applied
  // right after that frame, in order, or HOLD_MS after the connection began if no frame is
  // drawn by then. The page starts with the panel's contents and the status line not laid out
  // (`starting` on its body), and shows them then too. On a cold start, laying out text (its
  // fonts loaded) and the panel takes the page's main thread for 20-80 ms, which would
  // otherwise come before the frame. An error, and an app's screen (it gives the canvas its
  // shape), are applied at once.
  const HOLD_MS = 1000;
  let held = [];
  let heldTimer = null;
  function release() {
    clearTimeout(heldTimer);
    heldTimer = null;
    document.body.classList.remove("starting");
    const messages = held || [];
    held = null;
    for (const message of messages) receive(message);
  }
  // After the first frame is drawn: the held messages follow in a task of their own.
  function releaseSoon() {
    if (held === null) return;
    clearTimeout(heldTimer);
    heldTimer = setTimeout(release, 0);
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  // The server takes canvases up to 4096 CSS pixels a side (and lowers the scale of huge ones).
  const MAX_SIDE = 4096;
  function size(rect = canvas.getBoundingClientRect()) {
    const side = (value) => Math.min(MAX_SIDE, Math.max(1, Math.round(value)));
    return { width: side(rect.width), height: side(rect.height), scale: window.devicePixelRatio || 1 };
  }

  // The scale the server draws at: the pixel ratio within 1...3, lowered to keep a frame
  // within 3840x2160 pixels' worth. The canvas's own pixels match it.
  const MAX_FRAME_PIXELS = 3840 * 2160;
  function fitCanvas() {
    if (state.screen) {
      // A phone's screen: its points at the page's pixel ratio (within 1...3).
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), 3);
      const width = Math.ceil(state.screen.width * ratio), height = Math.ceil(state.screen.height * ratio);
      resizeCanvas(width, height);
      return { width: state.screen.width, height: state.screen.height, scale: window.devicePixelRatio || 1 };
    }
    const s = size();
    const scale = Math.min(Math.min(Math.max(s.scale, 1), 3), Math.sqrt(MAX_FRAME_PIXELS / (s.width * s.height)));
    // The server's frames are ceil(points x scale) pixels a side.
    resizeCanvas(Math.ceil(s.width * scale), Math.ceil(s.height * scale));
    return s;
  }

  // A resized canvas is cleared: it shows no frame that changes could be drawn over.
  function resizeCanvas(width, height) {
    if (canvas.width === width && canvas.height === height) return;
    canvas.width = width;
    canvas.height = height;
    shown = 0;
  }

  // Each connection is a new session on the server (its frames numbered from 1 again). A lost
  // connection (the server restarted, or closed an idle or hidden tab's session) is opened
  // again once the page is visible, waiting longer after each failure.
  let generation = 0;
  let failures = 0;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const current = ++generation;
    shown = 0;
    held = [];
    clearTimeout(heldTimer);
    heldTimer = setTimeout(release, HOLD_MS);
    socket = new WebSocket(`${scheme}//${location.host}/ws`);
    socket.binaryType = "arraybuffer";
    socket.onopen = () => {
      state.connected = true;
      const s = fitCanvas();
      send({ type: "hello", sample: params.get("sample") || "markers", width: s.width, height: s.height, scale: s.scale, patches: true });
    };
    socket.onclose = () => {
      if (current !== generation) return;
      release();  // what the connection said before it closed
      state.connected = false;
      state.sample = null;
      status.hidden = false;
      status.textContent = "Disconnected: connecting again…";
      reconnect();
    };
    socket.onmessage = (event) => {
      if (current !== generation) return;
      if (typeof event.data === "string") {
        let message = null;
        try { message = JSON.parse(event.data); } catch { return; }
        if (message.type === "error") release();
        if (held !== null && !(message.type === "ready" && message.screen)) {
          held.push(message);
        } else {
          receive(message);
        }
      } else {
        show(event.data, current);
      }
    };
  }

  function reconnect() {
    if (document.hidden) {
      document.addEventListener("visibilitychange", reconnect, { once: true });
      return;
    }
    setTimeout(connect, Math.min(10000, 500 * 2 ** failures));
    failures += 1;
  }

  // A frame is its number (8 bytes, big-endian), then either a JPEG (the whole frame) or, after
  // "OMPF", what changed since an earlier frame: how far to move the picture, and the changed
  // parts, packed in one JPEG, to draw over it. The server sends frames in order; they are
  // decoded as they come and drawn in that order (changes need the frame they change). Each is
  // acknowledged by number, and the canvas fires "framedrawn".
  //
  // The frame the canvas shows (0: none, as after a resize): the one changes must be drawn over.
  let shown = 0;
  let drawing = Promise.resolve();
  canvas.addEventListener("contextlost", () => { shown = 0; });
  const moved = document.createElement("canvas");
  const movedContext = moved.getContext("2d");
  const PATCHES = 0x4f4d5046;  // "OMPF"

  function show(buffer, current) {
    if (buffer.byteLength < 8) return;
    const view = new DataView(buffer);
    const number = view.getUint32(0) * 4294967296 + view.getUint32(4);
    let frame = null;
    try {
      frame = decode(buffer, view);
    } catch {
      // A frame that cannot be read is skipped, and a whole one asked for (in draw).
    }
    drawing = drawing.then(() => draw(frame, number, current));
  }

  function jpeg(buffer, offset, length) {
    return createImageBitmap(new Blob([new Uint8Array(buffer, offset, length)], { type: "image/jpeg" }));
  }

  function decode(buffer, view) {
    if (buffer.byteLength < 40 || view.getUint32(8) !== PATCHES) {
      return { whole: jpeg(buffer, 8, buffer.byteLength - 8) };
    }
    const frame = {
      base: view.getUint32(12) * 4294967296 + view.getUint32(16),
      width: view.getUint32(20), height: view.getUint32(24),
      dx: view.getInt32(28), dy: view.getInt32(32), parts: [], sheet: null,
    };
    const count = view.getUint32(36);
    let offset = 40 + count * 24;
    if (offset + 4 > buffer.byteLength) throw new RangeError("parts past the message's end");
    for (let index = 0, at = 40; index < count; index++, at += 24) {
      frame.parts.push([0, 4, 8, 12, 16, 20].map((field) => view.getUint32(at + field)));
    }
    const length = view.getUint32(offset);
    if (offset + 4 + length > buffer.byteLength) throw new RangeError("the sheet past the message's end");
    if (count > 0) frame.sheet = jpeg(buffer, offset + 4, length);
    return frame;
  }

  async function draw(frame, number, current) {
    let bitmaps = [];
    try {
      if (!frame) throw new TypeError("a frame that cannot be read");
      bitmaps = await Promise.all(frame.whole ? [frame.whole] : frame.sheet ? [frame.sheet] : []);
      if (current !== generation) return;
      if (frame.whole) {
        // The canvas takes the frame's size (the page stretches it to fit), so that changes
        // to it can be drawn.
        resizeCanvas(bitmaps[0].width, bitmaps[0].height);
        context.drawImage(bitmaps[0], 0, 0);
      } else if (shown !== frame.base || canvas.width !== frame.width || canvas.height !== frame.height) {
        // Changes to a picture the canvas does not show: the next frame comes whole.
        send({ type: "refresh" });
        return;
      } else {
        if (frame.dx || frame.dy) {
          if (moved.width !== canvas.width || moved.height !== canvas.height) {
            moved.width = canvas.width;
            moved.height = canvas.height;
          }
          movedContext.drawImage(canvas, 0, 0);
          context.drawImage(moved, frame.dx, frame.dy);
        }
        for (const [x, y, width, height, sx, sy] of frame.parts) context.drawImage(bitmaps[0], sx, sy, width, height, x, y, width, height);
      }
      shown = number;
      state.framesShown += 1;
      releaseSoon();
      status.hidden = true;
      const now = performance.now();
      frameTimes.push(now);
      while (frameTimes.length && now - frameTimes[0] > 1000) frameTimes.shift();
      canvas.dispatchEvent(new Event("framedrawn"));
    } catch {
      // A frame that does not decode is skipped, and a whole one asked for.
      if (current === generation) send({ type: "refresh" });
    } finally {
      for (const bitmap of bitmaps) bitmap.close();
      if (current === generation) send({ type: "ack", frame: number });
    }
  }

  setInterval(() => {
    const now = performance.now();
    while (frameTimes.length && now - frameTimes[0] > 1000) frameTimes.shift();
    fps.textContent = frameTimes.length ? `${frameTimes.length} fps` : "idle";
  }, 250);

  function receive(message) {
    if (message.type === "ready") {
      failures = 0;
      state.sample = message.sample;
      // An app's screen: the canvas is a phone, the samples list goes.
      state.screen = message.screen || null;
      document.body.classList.toggle("screen", Boolean(state.screen));
      document.body.classList.toggle("app", Boolean(state.screen) && message.samples.length === 0);
      if (state.screen) {
        canvas.style.aspectRatio = `${state.screen.width} / ${state.screen.height}`;
        canvas.setAttribute("aria-label", "The app's screen: tap, drag, scroll and type as on a phone");
        fitCanvas();
      }
      samples.replaceChildren(...message.samples.map((sample) => {
        const item = document.createElement("li");
        const link = document.createElement("a");
        link.href = `/?sample=${encodeURIComponent(sample.name)}`;
        link.textContent = sample.title;
        link.dataset.sample = sample.name;
        if (sample.name === message.sample) {
          link.setAttribute("aria-current", "page");
          summary.textContent = sample.summary;
        }
        item.append(link);
        return item;
      }));
    } else if (message.type === "coverage") {
      coverage.hidden = !message.note;
      coverage.textContent = message.note || "";
    } else if (message.type === "events") {
      for (const item of message.items) log(item.selector, item.line);
    } else if (message.type === "error" && state.sample === null) {
      status.hidden = false;
      status.textContent = `The map could not start: ${message.message}`;
    }
  }

  // Newest first; a run of camera changes is one item with a count.
  function log(selector, line) {
    const top = list.firstElementChild;
    if (selector === "mapView:didChangeCameraPosition:" && top && top.dataset.event === selector) {
      const count = Number(top.dataset.count || "1") + 1;
      top.dataset.count = String(count);
      top.querySelector(".line").textContent = line;
      top.querySelector(".count").textContent = ` ×${count}`;
      return;
    }
    const item = document.createElement("li");
    item.dataset.event = selector;
    const name = document.createElement("span");
    name.className = "selector";
    name.textContent = selector;
    const count = document.createElement("span");
    count.className = "count";
    const text = document.createElement("div");
    text.className = "line";
    text.textContent = line;
    item.append(name, count, text);
    list.prepend(item);
    state.eventsShown += 1;
    while (list.children.length > MAX_EVENTS) list.lastElementChild.remove();
  }

  // Where an event is on the map, in its points (CSS pixels of the canvas, unless the canvas
  // is wider or taller than the map the server keeps).
  function mapPoint(event) {
    const rect = canvas.getBoundingClientRect();
    const s = state.screen || size(rect);
    return {
      x: (event.clientX - rect.left) * (s.width / Math.max(1, rect.width)),
      y: (event.clientY - rect.top) * (s.height / Math.max(1, rect.height)),
    };
  }

  // Pointer Events: mouse, touch and pen, forwarded raw.
  function pointer(phase, event) {
    const point = mapPoint(event);
    send({
      type: "pointer", phase, id: event.pointerId, pointerType: event.pointerType,
      x: point.x, y: point.y, shift: event.shiftKey, alt: event.altKey, t: event.timeStamp,
    });
  }
  // Pointers down on the canvas: each ends with one "up" or "cancel", even when the page loses
  // its capture (an alert, a drag out of the window, another app taking the touch).
  const down = new Set();
  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: it is forwarded all the same.
    }
    canvas.focus();
    down.add(event.pointerId);
    pointer("down", event);
    event.preventDefault();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!down.has(event.pointerId)) return;
    const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [event];
    pointer("move", events.length ? events[events.length - 1] : event);
  });
  function lift(phase, event) {
    if (!down.delete(event.pointerId)) return;
    pointer(phase, event);
  }
  canvas.addEventListener("pointerup", (event) => lift("up", event));
  canvas.addEventListener("pointercancel", (event) => lift("cancel", event));
  canvas.addEventListener("lostpointercapture", (event) => lift("cancel", event));
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    if (!event.deltaY) return;  // a sideways swipe: nothing to zoom
    const point = mapPoint(event);
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    // ctrl+wheel is how browsers report a trackpad's pinch.
    send({ type: "wheel", x: point.x, y: point.y, delta: event.deltaY * unit, pinch: event.ctrlKey, t: event.timeStamp });
  }, { passive: false });

  // Keys go to the app's screen (to the text field being edited, as with a phone's keyboard).
  canvas.addEventListener("keydown", (event) => {
    if (!state.screen || event.isComposing) return;
    if (event.key.length > 16) return;
    send({ type: "key", key: event.key, shift: event.shiftKey, alt: event.altKey, ctrl: event.ctrlKey, meta: event.metaKey });
    // The page itself does nothing with keys the screen takes (Tab, arrows, space).
    if (!(event.ctrlKey || event.metaKey) || event.key.length === 1) event.preventDefault();
  });

  let resizeTimer = null;
  function resized() {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      const s = fitCanvas();
      if (!state.screen) send({ type: "resize", width: s.width, height: s.height, scale: s.scale });
    }, 100);
  }
  new ResizeObserver(resized).observe(canvas);
  // A change of pixel ratio alone (browser zoom, a window moved to another screen) resizes
  // nothing: a media query for the current ratio tells it.
  function watchPixelRatio() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener("change", () => {
      resized();
      watchPixelRatio();
    }, { once: true });
  }
  watchPixelRatio();

  connect();
})();
