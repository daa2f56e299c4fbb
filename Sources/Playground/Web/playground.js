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
  const fps = document.getElementById("fps");
  const params = new URLSearchParams(location.search);
  const state = { framesShown: 0, connected: false, sample: null, eventsShown: 0 };
  window.playground = state;

  const MAX_EVENTS = 300;
  let socket = null;
  let frameTimes = [];

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function size() {
    const rect = canvas.getBoundingClientRect();
    return { width: Math.max(1, Math.round(rect.width)), height: Math.max(1, Math.round(rect.height)), scale: window.devicePixelRatio || 1 };
  }

  function fitCanvas() {
    const s = size();
    const width = Math.round(s.width * Math.min(Math.max(s.scale, 1), 3));
    const height = Math.round(s.height * Math.min(Math.max(s.scale, 1), 3));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    return s;
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/ws`);
    socket.binaryType = "blob";
    socket.onopen = () => {
      state.connected = true;
      const s = fitCanvas();
      send({ type: "hello", sample: params.get("sample") || "markers", width: s.width, height: s.height, scale: s.scale });
    };
    socket.onclose = () => {
      state.connected = false;
      status.hidden = false;
      status.textContent = "Disconnected: reload the page to start again.";
    };
    socket.onmessage = (event) => {
      if (typeof event.data === "string") {
        receive(JSON.parse(event.data));
      } else {
        show(event.data);
      }
    };
  }

  // Frames decode concurrently; one that finishes after a newer one is not drawn.
  let received = 0;
  let drawn = 0;
  async function show(blob) {
    const sequence = ++received;
    try {
      const bitmap = await createImageBitmap(blob);
      if (sequence < drawn) {
        bitmap.close();
        return;
      }
      drawn = sequence;
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      bitmap.close();
      state.framesShown += 1;
      status.hidden = true;
      const now = performance.now();
      frameTimes.push(now);
      while (frameTimes.length && now - frameTimes[0] > 1000) frameTimes.shift();
    } finally {
      send({ type: "ack" });
    }
  }

  setInterval(() => {
    const now = performance.now();
    while (frameTimes.length && now - frameTimes[0] > 1000) frameTimes.shift();
    fps.textContent = frameTimes.length ? `${frameTimes.length} fps` : "idle";
  }, 250);

  function receive(message) {
    if (message.type === "ready") {
      state.sample = message.sample;
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
    } else if (message.type === "events") {
      for (const item of message.items) log(item.selector, item.line);
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

  // Pointer Events: mouse, touch and pen, forwarded raw (in CSS pixels of the canvas).
  function pointer(phase, event) {
    const rect = canvas.getBoundingClientRect();
    send({
      type: "pointer", phase, id: event.pointerId, pointerType: event.pointerType,
      x: event.clientX - rect.left, y: event.clientY - rect.top, shift: event.shiftKey, alt: event.altKey,
    });
  }
  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    canvas.setPointerCapture(event.pointerId);
    canvas.focus();
    pointer("down", event);
    event.preventDefault();
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!canvas.hasPointerCapture(event.pointerId)) return;
    const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [event];
    pointer("move", events.length ? events[events.length - 1] : event);
  });
  canvas.addEventListener("pointerup", (event) => pointer("up", event));
  canvas.addEventListener("pointercancel", (event) => pointer("cancel", event));
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const rect = canvas.getBoundingClientRect();
    const unit = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
    send({ type: "wheel", x: event.clientX - rect.left, y: event.clientY - rect.top, delta: event.deltaY * unit });
  }, { passive: false });

  let resizeTimer = null;
  new ResizeObserver(() => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      const s = fitCanvas();
      send({ type: "resize", width: s.width, height: s.height, scale: s.scale });
    }, 100);
  }).observe(canvas);

  connect();
})();
