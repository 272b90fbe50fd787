/* perceptron-gui: a run or a lesson as a page. Draws the data that perceptron_gui/web/build.py
   recorded (every number is the trainer's own); loads nothing from anywhere. */
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("perceptron-data").textContent);
  var T = DATA.texts;
  var SVG = "http://www.w3.org/2000/svg";
  var W = 800, H = 600;
  var viewers = [];
  var active = null;

  function svg(tag, attrs, parent) {
    var e = document.createElementNS(SVG, tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function html(tag, cls, text, parent) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function fmt(v) {
    // Tick labels: at most 4 significant digits, the minus sign −.
    var s = Math.abs(v) < 1e-9 ? "0" : String(+v.toPrecision(4));
    return s.replace("-", "\u2212");
  }
  function niceTicks(lo, hi, count) {
    var span = hi - lo, raw = span / count, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    var steps = [1, 2, 2.5, 5, 10], step = mag;
    for (var i = 0; i < steps.length; i++) { if (steps[i] * mag >= raw) { step = steps[i] * mag; break; } }
    var out = [];
    for (var t = Math.ceil(lo / step) * step; t <= hi + 1e-9 * span; t += step) out.push(t);
    return out;
  }
  /* A narration's text, its numbers and vectors never broken over two lines (each in a
     span that does not wrap, `.num`: "1.4 / 01" was a break of the page's own) and each
     glued term (words joined by no-break spaces: "w ← w + ηyx = (…)") an inline block,
     moved to the next line whole and, wider than a line, broken at its own spaces only,
     as the window's narration is. A vector of more than 32 characters (R^d) may break
     after a comma, its numbers whole. */
  var NUMBERS = /\([^()]{1,32}\)|[^\s\u00a0()·,:;，：；。]*\d[^\s\u00a0()·,:;，：；。]*/g;
  function wholeNumbers(text, parent) {
    text.split(/( +)/).forEach(function (term) {
      if (!term) return;
      var glued = term.indexOf("\u00a0") >= 0;
      var box = glued ? html("span", "term", null, parent) : parent;
      var t = glued ? term.replace(/\u00a0/g, " ") : term, at = 0, m;
      NUMBERS.lastIndex = 0;
      while ((m = NUMBERS.exec(t)) !== null) {
        if (!/\d/.test(m[0])) continue;  // "(D/γ)": words, left as they are
        if (m.index > at) box.appendChild(document.createTextNode(t.slice(at, m.index)));
        html("span", "num", m[0], box);
        at = m.index + m[0].length;
      }
      if (at < t.length) box.appendChild(document.createTextNode(t.slice(at)));
    });
  }
  function bits(b64, n) {
    var s = atob(b64), out = new Uint8Array(n);
    for (var i = 0; i < n; i++) out[i] = (s.charCodeAt(i >> 3) >> (i & 7)) & 1;
    return out;
  }

  /* The line w·x + b = c inside the rectangle [x0, x1] × [y0, y1]: two points, or null. */
  function clipLine(w0, w1, b, c, v) {
    var x0 = v[0], x1 = v[1], y0 = v[2], y1 = v[3], pts = [], r = c - b;
    if (w0 === 0 && w1 === 0) return null;
    var ex = (x1 - x0) * 1e-12, ey = (y1 - y0) * 1e-12;
    if (w1 !== 0) {
      [x0, x1].forEach(function (x) { var y = (r - w0 * x) / w1; if (y >= y0 - ey && y <= y1 + ey) pts.push([x, y]); });
    }
    if (w0 !== 0) {
      [y0, y1].forEach(function (y) { var x = (r - w1 * y) / w0; if (x >= x0 - ex && x <= x1 + ex) pts.push([x, y]); });
    }
    if (pts.length < 2) return null;
    var best = null, far = -1;
    for (var i = 0; i < pts.length; i++) for (var j = i + 1; j < pts.length; j++) {
      var d = Math.pow(pts[i][0] - pts[j][0], 2) + Math.pow(pts[i][1] - pts[j][1], 2);
      if (d > far) { far = d; best = [pts[i], pts[j]]; }
    }
    return far > 0 ? best : null;
  }
  /* The rectangle's part where s·(w·x + b) >= 0 (Sutherland–Hodgman against one plane). */
  function halfPlane(w0, w1, b, s, v) {
    var poly = [[v[0], v[2]], [v[1], v[2]], [v[1], v[3]], [v[0], v[3]]], out = [];
    function f(p) { return s * (w0 * p[0] + w1 * p[1] + b); }
    for (var i = 0; i < 4; i++) {
      var p = poly[i], q = poly[(i + 1) % 4], fp = f(p), fq = f(q);
      if (fp >= 0) out.push(p);
      if ((fp >= 0) !== (fq >= 0)) { var t = fp / (fp - fq); out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]); }
    }
    return out;
  }

  /* The names x1 … xN beside their points: each at the first of four corners where it
     covers no point and no name placed before it; a name with no free corner is left out
     (the readout and the narration name the points they speak of). */
  function placeNames(run, drawn, parent, sx, sy, r) {
    var size = drawn.length > 15 ? 17 : 21, boxes = [], i;
    function free(b) {
      if (b[0] < 0 || b[1] < 0 || b[2] > W || b[3] > H) return false;
      for (var k = 0; k < boxes.length; k++) {
        var o = boxes[k];
        if (b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3]) return false;
      }
      return true;
    }
    for (i = 0; i < drawn.length; i++) {
      var p = run.points[drawn[i]], X = sx(p[0]), Y = sy(p[1]), g = r + 3;
      boxes.push([X - g, Y - g, X + g, Y + g]);
    }
    for (i = 0; i < drawn.length; i++) {
      var j = drawn[i], q = run.points[j], px = sx(q[0]), py = sy(q[1]), name = "x" + (j + 1);
      var w = name.length * size * 0.6, h = size, d = r + 3;
      var spots = [[px + d, py - d - h], [px - d - w, py - d - h], [px + d, py + d], [px - d - w, py + d]];
      for (var c = 0; c < spots.length; c++) {
        var b = [spots[c][0], spots[c][1], spots[c][0] + w, spots[c][1] + h];
        if (free(b)) {
          boxes.push(b);
          svg("text", { x: b[0], y: b[3] - 0.2 * h, "font-size": size }, parent).textContent = name;
          break;
        }
      }
    }
  }

  function Viewer(root, run, opts) {
    var self = this;
    this.run = run;
    this.frames = run.frames;
    this.index = -1;
    this.timer = null;
    var v = run.view;
    function sx(x) { return (x - v[0]) / (v[1] - v[0]) * W; }
    function sy(y) { return H - (y - v[2]) / (v[3] - v[2]) * H; }
    this.sx = sx; this.sy = sy;

    var box = html("div", "run", null, root);
    box.tabIndex = -1;
    var cv = svg("svg", { viewBox: "0 0 " + W + " " + H, class: "canvas", role: "img" }, box);
    var side = html("div", "side", null, box);

    // The plane: grid, axes, regions, lines, halos, points, names, the current point.
    var grid = svg("g", { stroke: "#e6e6e6", "stroke-width": 1 }, cv);
    var ticks = svg("g", { fill: "#555", "font-size": 17 }, cv);
    niceTicks(v[0], v[1], 8).forEach(function (x) {
      svg("line", { x1: sx(x), x2: sx(x), y1: 0, y2: H, stroke: x === 0 ? "#999" : null }, grid);
      svg("text", { x: sx(x) + 4, y: H - 6 }, ticks).textContent = fmt(x);
    });
    niceTicks(v[2], v[3], 6).forEach(function (y) {
      svg("line", { x1: 0, x2: W, y1: sy(y), y2: sy(y), stroke: y === 0 ? "#999" : null }, grid);
      svg("text", { x: 4, y: sy(y) - 4 }, ticks).textContent = fmt(y);
    });
    this.image = svg("image", { x: 0, y: 0, width: W, height: H, preserveAspectRatio: "none", visibility: "hidden" }, cv);
    this.tintPos = svg("polygon", { fill: "var(--pos)", "fill-opacity": 0.09 }, cv);
    this.tintNeg = svg("polygon", { fill: "var(--neg)", "fill-opacity": 0.09 }, cv);
    this.bandA = svg("line", { stroke: "var(--muted)", "stroke-width": 1.5, "stroke-dasharray": "4 5", visibility: "hidden" }, cv);
    this.bandB = svg("line", { stroke: "var(--muted)", "stroke-width": 1.5, "stroke-dasharray": "4 5", visibility: "hidden" }, cv);
    this.answerLine = svg("line", { stroke: "var(--pocket)", "stroke-width": 3.5, "stroke-dasharray": "12 7", visibility: "hidden", class: "answer-line" }, cv);
    this.line = svg("line", { stroke: "var(--ink)", "stroke-width": 3, visibility: "hidden", class: "model-line" }, cv);
    var halos = svg("g", { fill: "var(--halo)" }, cv);
    var marks = svg("g", {}, cv);
    var names = svg("g", { fill: "var(--ink)", class: "names" }, cv);
    this.rings = svg("g", { fill: "none", stroke: "var(--ink)", "stroke-width": 2.5 }, cv);
    this.legend = svg("text", { x: 12, y: 28, "font-size": 21, fill: "var(--pocket)", visibility: "hidden" }, cv);
    this.legend.textContent = "- - " + run.answer_name;
    var drawn = run.drawn, many = drawn.length > 300, r = many ? 3 : 8;
    this.halos = [];
    for (var i = 0; i < drawn.length; i++) {
      var j = drawn[i], p = run.points[j], X = sx(p[0]), Y = sy(p[1]);
      this.halos.push(svg("circle", { cx: X, cy: Y, r: many ? 6 : 14, visibility: "hidden" }, halos));
      if (run.labels[j] > 0) {
        svg("circle", { cx: X, cy: Y, r: r, fill: "var(--pos)", stroke: "#fff", "stroke-width": many ? 0 : 1.5, "data-point": j }, marks);
      } else {
        svg("path", { d: "M" + (X - r) + " " + (Y - r) + "L" + (X + r) + " " + (Y + r) + "M" + (X - r) + " " + (Y + r) + "L" + (X + r) + " " + (Y - r),
          stroke: "var(--neg)", "stroke-width": many ? 1.8 : 3.5, "data-point": j }, marks);
      }
    }
    if (run.names) placeNames(run, drawn, names, sx, sy, r);

    // The side: readout, narration, mistakes against visits.
    var rb = html("div", "box", null, side);
    html("h3", null, T.readout, rb);
    this.readout = html("div", "readout", null, rb);
    var nb = html("div", "box", null, side);
    html("h3", null, T.narration, nb);
    this.narration = html("div", "narration", null, nb);
    var pb = html("div", "box", null, side);
    html("h3", null, T.plot, pb);
    this.plot = svg("svg", { viewBox: "0 0 400 210", class: "plot" }, pb);
    this.drawPlot();

    // The timeline.
    var ctl = html("div", "controls", null, box);
    this.back = html("button", "back", T.back, ctl);
    this.slider = html("input", "slider", null, ctl);
    this.slider.type = "range";
    this.slider.min = 0;
    this.slider.max = this.frames.length - 1;
    this.slider.step = 1;
    this.slider.setAttribute("aria-label", T.update);
    this.stepButton = html("button", "step", T.step, ctl);
    this.playButton = html("button", "play", T.play, ctl);
    this.kpos = html("span", "kpos", null, ctl);
    this.back.onclick = function () { self.pause(); self.show(self.index - 1); };
    this.stepButton.onclick = function () { self.pause(); self.show(self.index + 1); };
    this.playButton.onclick = function () { self.toggle(); };
    this.slider.addEventListener("input", function () { self.show(+self.slider.value); });
    box.addEventListener("pointerdown", function () { active = self; });
    box.addEventListener("focusin", function () { active = self; });
    var notes = html("div", null, null, root);
    if (run.note) html("p", "note", run.note, notes);
    if (run.cut) html("p", "note", T.cut.replace("{k}", run.cut), notes);
    if (drawn.length < run.n) html("p", "note", T.drawn.replace("{drawn}", drawn.length).replace("{n}", run.n), notes);
    this.root = box;
    var start = 0;
    if (opts && opts.start) {
      for (var s = 0; s < this.frames.length; s++) if (this.frames[s].k === opts.start) start = s;
    }
    this.show(start);
    viewers.push(this);
    if (!active) active = this;
  }

  Viewer.prototype.drawPlot = function () {
    var run = this.run, fr = this.frames, p = this.plot;
    var L = 46, R = 390, TOP = 10, B = 170;
    var last = fr[fr.length - 1], maxV = Math.max(last.v, 1), maxK = Math.max(last.k, 1);
    var yMax = maxK;
    if (run.bound !== null && run.bound <= 20 * maxK) yMax = Math.max(yMax, run.bound);
    yMax *= 1.08;
    function px(x) { return L + x / maxV * (R - L); }
    function py(y) { return B - y / yMax * (B - TOP); }
    this.px = px; this.py = py;
    svg("line", { x1: L, x2: R, y1: B, y2: B, stroke: "#888" }, p);
    svg("line", { x1: L, x2: L, y1: TOP, y2: B, stroke: "#888" }, p);
    var g = svg("g", { fill: "#555", "font-size": 12 }, p);
    niceTicks(0, maxV, 5).forEach(function (x) { svg("text", { x: px(x), y: B + 15, "text-anchor": "middle" }, g).textContent = fmt(x); });
    niceTicks(0, yMax, 4).forEach(function (y) { svg("text", { x: L - 5, y: py(y) + 4, "text-anchor": "end" }, g).textContent = fmt(y); });
    svg("text", { x: (L + R) / 2, y: B + 34, "text-anchor": "middle" }, g).textContent = T.visits;
    svg("text", { x: 12, y: (TOP + B) / 2, "text-anchor": "middle", transform: "rotate(-90 12 " + (TOP + B) / 2 + ")" }, g).textContent = "k";
    if (run.bound !== null && run.bound <= yMax) {
      svg("line", { x1: L, x2: R, y1: py(run.bound), y2: py(run.bound), stroke: "var(--neg)", "stroke-width": 2, "stroke-dasharray": "6 4" }, p);
      svg("text", { x: R - 4, y: py(run.bound) - 5, "text-anchor": "end", fill: "var(--neg)", "font-size": 13 }, p).textContent = run.bound_name + " = " + fmt(run.bound);
    }
    // k against visits as a staircase; a long run through an even sample of its updates.
    var every = Math.max(1, Math.ceil(fr.length / 1500)), d = "M" + px(0) + " " + py(0);
    for (var i = 1; i < fr.length; i += every) d += "H" + px(fr[i].v) + "V" + py(fr[i].k);
    d += "H" + px(last.v) + "V" + py(last.k);
    svg("path", { d: d, fill: "none", stroke: "var(--pos)", "stroke-width": 2 }, p);
    this.plotMark = svg("circle", { r: 5, fill: "var(--ink)" }, p);
  };

  Viewer.prototype.setLine = function (el, w0, w1, b, c) {
    var seg = clipLine(w0, w1, b, c, this.run.view);
    if (!seg) { el.setAttribute("visibility", "hidden"); return; }
    el.setAttribute("visibility", "visible");
    el.setAttribute("x1", this.sx(seg[0][0])); el.setAttribute("y1", this.sy(seg[0][1]));
    el.setAttribute("x2", this.sx(seg[1][0])); el.setAttribute("y2", this.sy(seg[1][1]));
    // The end points in the data's coordinates, for a reader (and the tests).
    el.setAttribute("data-ends", JSON.stringify(seg));
  };

  Viewer.prototype.show = function (i) {
    var fr = this.frames, run = this.run, self = this;
    i = Math.max(0, Math.min(fr.length - 1, i | 0));
    if (i === this.index) return;
    this.index = i;
    var f = fr[i];
    this.slider.value = i;
    this.kpos.textContent = T.update + " k = " + f.k + " " + T.of + " " + fr[fr.length - 1].k;
    // The model: a line with its half-planes, or the regions' image.
    if (f.w) {
      this.setLine(this.line, f.w[0], f.w[1], f.b, 0);
      var pos = halfPlane(f.w[0], f.w[1], f.b, 1, run.view), neg = halfPlane(f.w[0], f.w[1], f.b, -1, run.view);
      var toPts = function (poly) { return f.w[0] === 0 && f.w[1] === 0 ? "" : poly.map(function (q) { return self.sx(q[0]) + "," + self.sy(q[1]); }).join(" "); };
      this.tintPos.setAttribute("points", toPts(pos));
      this.tintNeg.setAttribute("points", toPts(neg));
      if (run.threshold !== null && run.threshold > 0) {
        this.setLine(this.bandA, f.w[0], f.w[1], f.b, run.threshold);
        this.setLine(this.bandB, f.w[0], f.w[1], f.b, -run.threshold);
      }
    } else {
      this.line.setAttribute("visibility", "hidden");
      this.tintPos.setAttribute("points", "");
      this.tintNeg.setAttribute("points", "");
    }
    if (f.i !== undefined && f.i >= 0) {
      this.image.setAttribute("href", "data:image/png;base64," + run.images[f.i]);
      this.image.setAttribute("visibility", "visible");
      if (f.w) { this.tintPos.setAttribute("points", ""); this.tintNeg.setAttribute("points", ""); }
    } else {
      this.image.setAttribute("visibility", "hidden");
    }
    if (f.a) {
      this.setLine(this.answerLine, f.a[0], f.a[1], f.a[2], 0);
      this.legend.setAttribute("visibility", "visible");
    } else {
      this.answerLine.setAttribute("visibility", "hidden");
      this.legend.setAttribute("visibility", f.i !== undefined && f.w ? "visible" : "hidden");
    }
    // The misclassified points, and the point (or batch) of this update.
    var mis = bits(f.x, run.drawn.length), count = 0;
    for (var j = 0; j < this.halos.length; j++) {
      this.halos[j].setAttribute("visibility", mis[j] ? "visible" : "hidden");
      count += mis[j];
    }
    this.misclassified = count;
    while (this.rings.firstChild) this.rings.removeChild(this.rings.firstChild);
    var ring = f.M || (f.c !== undefined ? [f.c] : []);
    ring.forEach(function (c) {
      var q = run.points[c];
      svg("circle", { cx: self.sx(q[0]), cy: self.sy(q[1]), r: run.drawn.length > 300 ? 8 : 12 }, self.rings);
    });
    // Readout, narration, the plot's mark.
    this.readout.textContent = "";
    f.r.forEach(function (group) {
      var line = html("div", null, null, self.readout);
      group.forEach(function (piece) { html("span", "piece", piece, line); });
    });
    this.narration.textContent = "";
    wholeNumbers(f.n, html("div", null, null, this.narration));
    if (f.e) wholeNumbers(f.e, html("div", "end", null, this.narration));
    this.plotMark.setAttribute("cx", this.px(f.v));
    this.plotMark.setAttribute("cy", this.py(f.k));
    this.back.disabled = i === 0;
    this.stepButton.disabled = i === fr.length - 1;
    if (i === fr.length - 1) this.pause();
  };

  Viewer.prototype.play = function () {
    var self = this;
    if (this.index >= this.frames.length - 1) this.show(0);
    var delay = Math.max(60, Math.min(800, 12000 / this.frames.length));
    this.timer = setInterval(function () { self.show(self.index + 1); }, delay);
    this.playButton.textContent = T.pause;
  };
  Viewer.prototype.pause = function () {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.playButton.textContent = T.play;
  };
  Viewer.prototype.toggle = function () { if (this.timer) this.pause(); else this.play(); };

  document.addEventListener("keydown", function (e) {
    var v = active, t = e.target;
    if (!v || e.ctrlKey || e.metaKey || e.altKey) return;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    if (t && t.tagName === "BUTTON" && (e.key === " " || e.key === "Enter")) return;
    var k = e.key;
    if (k === "ArrowRight" || k === " ") { v.pause(); v.show(v.index + 1); }
    else if (k === "ArrowLeft") { v.pause(); v.show(v.index - 1); }
    else if (k === "Home") { v.pause(); v.show(0); }
    else if (k === "End") { v.pause(); v.show(v.frames.length - 1); }
    else if (k === "p" || k === "P") v.toggle();
    else return;
    e.preventDefault();
  });

  function csv(run) {
    var rows = ["x1,x2,y"];
    if (run.xs) {  // points in R^d: the features themselves, not the view's coordinates
      var head = [];
      for (var j = 0; j < run.dim; j++) head.push("x" + (j + 1));
      rows = [head.concat(["y"]).join(",")];
      for (var k = 0; k < run.n; k++) rows.push(run.xs[k].concat([run.labels[k]]).join(","));
      return rows.join("\n") + "\n";
    }
    for (var i = 0; i < run.n; i++) rows.push(run.points[i][0] + "," + run.points[i][1] + "," + run.labels[i]);
    return rows.join("\n") + "\n";
  }
  function source(root, src, run) {
    var box = html("div", "source", null, root);
    if (root.tagName !== "DETAILS") html("h3", null, T.source, box);
    var dl = html("dl", null, null, box);
    function row(name, value, code) { html("dt", null, name, dl); var d = html("dd", null, null, dl); if (code) html("code", null, value, d); else d.textContent = value; return d; }
    row(T.program, src.program + " " + src.version + " · " + src.date);
    var s = src.settings, parts = [];
    for (var key in s) {
      if (src.used && src.used.indexOf(key) < 0) continue;  // a setting the mode ignores
      parts.push(key + " = " + (Array.isArray(s[key]) ? "(" + s[key].join(", ") + ")" : s[key]));
    }
    row(T.settings, parts.join(", "));
    var data = src.source + " · sha256 (points, labels as float64) " + src.data_sha256;
    if (src.file_sha256) data = src.source + " · sha256 " + src.file_sha256 + " · " + data.split(" · ")[1];
    row(T.data, data);
    row(T.reproduce, src.command, true);
    var dd = row("", "");
    var button = html("button", null, T.save_data, dd);
    button.onclick = function () {
      var a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([csv(run)], { type: "text/csv" }));
      a.download = src.source.replace(/\.[^.]*$/, "") + ".csv";
      document.body.appendChild(a); a.click(); a.remove();
    };
  }

  var app = document.getElementById("app");
  html("h1", null, DATA.title, app);
  if (DATA.kind === "run") {
    new Viewer(app, DATA.run, { start: DATA.start });
    html("p", "note", T.keys, app);
    source(app, DATA.source, DATA.run);
  } else {
    var toc = html("ol", "toc", null, app);
    DATA.scenes.forEach(function (sc, i) {
      var a = html("a", null, sc.title, html("li", null, null, toc));
      a.href = "#scene-" + (i + 1);
    });
    html("p", "note", T.keys, app);
    DATA.scenes.forEach(function (sc, i) {
      var sec = html("section", "scene", null, app);
      sec.id = "scene-" + (i + 1);
      html("h2", null, (i + 1) + ". " + sc.title, sec);
      if (sc.caption) html("p", "caption", sc.caption, sec);
      if (sc.question) {
        var q = html("div", "question", null, sec);
        html("span", null, sc.question.text, q);
        var b = html("button", "reveal", T.answer, q);
        var ans = html("div", "answer", sc.question.answer, q);
        ans.hidden = true;
        b.onclick = function () { ans.hidden = false; b.hidden = true; };
      }
      new Viewer(sec, sc.run, { start: sc.start });
      if (sc.compare) html("p", "note", sc.compare, sec);
      var d = html("details", "source", null, sec);
      html("summary", null, T.source, d);
      source(d, sc.source, sc.run);
    });
    var s = DATA.source;
    html("p", "source", T.made.replace("{program}", s.program).replace("{version}", s.version).replace("{date}", s.date) + (s.lesson ? " (" + s.lesson + ")" : ""), app);
  }
  window.perceptronPage = { data: DATA, viewers: viewers };
})();
