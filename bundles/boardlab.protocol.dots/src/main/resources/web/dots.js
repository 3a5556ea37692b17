// The browser client of seed 002's Dots, served by boardlab's Dots port. Plain JavaScript with
// CometD's Bayeux client (served from /lib/cometd/, never from the network). Accounts and lobby
// over HTTP (POST /register, POST /auth, GET /queue, GET /gamedata), everything live over Bayeux
// (/game/queue and /game/<channel>), each message carrying auth {id, token} at top level.
import { CometD } from "/lib/cometd/cometd.js";

const W = 39, H = 32, CELL = 21, PAD = 12, REQUEST_SECONDS = 15;
const $ = (id) => document.getElementById(id);
const state = { id: null, token: null, name: null, rating: null, players: new Map(), channel: null, game: null,
  subs: [], timers: [], countdowns: {} };
let cometd = null;

function say(text) { $("message").textContent = text || ""; }

function show(view) {
  for (const v of ["login-view", "lobby-view", "game-view"]) $(v).hidden = v !== view;
  $("logout").hidden = view === "login-view";
}

async function http(method, path, params) {
  const body = new URLSearchParams(params);
  const res = method === "GET" ? await fetch(path + "?" + body) : await fetch(path, { method, body });
  const text = await res.text();
  if (res.status === 401 && path !== "/auth") { loggedOut("Your login has expired: please log in again."); }
  return { status: res.status, text, json: () => JSON.parse(text) };
}

// ---------------------------------------------------------------- accounts

async function register() {
  const name = $("name").value.trim(), password = $("password").value;
  if (password.length < 6) { say("The password needs at least 6 characters."); return; }
  const r = await http("POST", "/register", { name, password });
  if (r.status === 200) { say("Registered. Logging in..."); await login(); }
  else say(r.status === 406 && r.text === "Already exists" ? "That name is taken: choose another." : r.text);
}

async function login(event) {
  if (event) event.preventDefault();
  const name = $("name").value.trim(), password = $("password").value;
  const r = await http("POST", "/auth", { name, password });
  if (r.status !== 200) { say(r.status === 401 ? "Wrong name or password." : r.text); return; }
  const a = r.json();
  Object.assign(state, { id: a.id, token: a.token, name });
  sessionStorage.setItem("dots-login", JSON.stringify({ id: a.id, token: a.token, name }));
  say("");
  connect();
  enterLobby();
}

function loggedOut(why) {
  sessionStorage.removeItem("dots-login");
  leaveChannels();
  if (cometd) { try { cometd.disconnect(); } catch (e) { /* already gone */ } cometd = null; }
  Object.assign(state, { id: null, token: null, channel: null, game: null });
  $("me").textContent = "";
  closeDialogs();
  show("login-view");
  say(why || "");
}

function connect() {
  cometd = new CometD();
  cometd.configure({ url: location.origin + "/game", logLevel: "warn" });
  cometd.registerExtension("auth", {
    outgoing(message) {
      const meta = message.channel.indexOf("/meta/") === 0;
      if (!meta || message.channel === "/meta/subscribe" || message.channel === "/meta/disconnect") {
        message.auth = { id: state.id, token: state.token };
      }
      return message;
    },
  });
  cometd.handshake();
}

function publish(channel, data) {
  return new Promise((resolve) => {
    cometd.publish(channel, data, (reply) => resolve(reply.successful ? null : reply.error || "refused"));
  });
}

function subscribe(channel, onMessage) {
  state.subs.push(cometd.subscribe(channel, (m) => onMessage(m.data), (reply) => {
    if (!reply.successful) say("Could not follow " + channel + ": " + reply.error);
  }));
}

function leaveChannels() {
  for (const t of state.timers) clearInterval(t);
  state.timers = [];
  if (cometd) for (const s of state.subs) { try { cometd.unsubscribe(s); } catch (e) { /* disconnected */ } }
  state.subs = [];
}

// ---------------------------------------------------------------- lobby

function filterValues() {
  return { min: +$("min").value, max: +$("max").value, name: $("filter-name").value.trim().toLowerCase() };
}

async function enterLobby() {
  leaveChannels();
  closeDialogs();
  say("");
  state.channel = null;
  state.players.clear();
  show("lobby-view");
  $("me").textContent = state.name + (state.rating ? " (" + state.rating + ")" : "");
  subscribe("/game/queue", onQueue);
  const beat = () => publish("/game/queue", { type: "heartbeat" });
  beat();
  state.timers.push(setInterval(beat, 5000));
  await loadQueue();
}

async function loadQueue() {
  const f = filterValues();
  const r = await http("GET", "/queue", { id: state.id, token: state.token, min: f.min, max: f.max, name: f.name });
  if (r.status !== 200) return;
  state.players.clear();
  for (const p of r.json().queue) state.players.set(p.id, p);
  renderPlayers();
}

function renderPlayers() {
  const f = filterValues();
  const rows = [...state.players.values()]
    .filter((p) => p.id !== state.id && +p.rating >= f.min && +p.rating <= f.max && p.name.toLowerCase().includes(f.name))
    .sort((a, b) => a.rating - b.rating || a.name.localeCompare(b.name));
  const body = $("players").tBodies[0];
  body.replaceChildren(...rows.map((p) => {
    const tr = document.createElement("tr");
    tr.className = "player";
    tr.dataset.id = p.id;
    tr.dataset.name = p.name;
    const n = document.createElement("td"); n.textContent = p.name;
    const r = document.createElement("td"); r.textContent = p.rating;
    tr.append(n, r);
    tr.addEventListener("click", () => invite(p));
    return tr;
  }));
  $("empty").hidden = rows.length > 0;
}

function onQueue(data) {
  switch (data.type) {
    case "heartbeat":
      if (data.id === state.id) { state.rating = data.rating; $("me").textContent = state.name + " (" + data.rating + ")"; }
      else { state.players.set(data.id, { id: data.id, name: data.name, rating: data.rating }); renderPlayers(); }
      break;
    case "quit":
      state.players.delete(String(data.id)); renderPlayers();
      break;
    case "request":
      if (data.target === state.id && !countdownOpen()) {
        $("incoming-text").textContent = data.user.name + " (" + data.user.rating + ") invites you to a game.";
        state.invitedBy = data.id;
        countdown("incoming", () => { $("incoming-dialog").close(); say("The invitation timed out."); });
      }
      break;
    case "accept":
      stopCountdown("invite"); stopCountdown("incoming");
      break;
    case "decline":
      if (data.init === state.id && state.countdowns.invite) {
        stopCountdown("invite"); say(data.id === state.id ? "You cancelled the invitation." : "Your invitation was declined.");
      } else if (data.target === state.id && state.countdowns.incoming) {
        stopCountdown("incoming"); say("The invitation was withdrawn.");
      }
      break;
    case "newgame":
      if (data.player_1 === state.id || data.player_2 === state.id) enterGame(data.channel);
      break;
  }
}

async function invite(p) {
  if (countdownOpen()) return;
  say("");
  const e = await publish("/game/queue", { type: "request", target: p.id });
  if (e) { say(e.indexOf("Already exists") >= 0 ? "Wait a moment: you made a request less than 15 s ago." : "The invitation was refused: " + e); return; }
  // p had invited us first: the server took this invitation as accepting that one, and its newgame may have come
  // before this answer (then the game is on, and there is nobody to wait for)
  if (state.channel) return;
  state.invited = p.id;
  $("invite-text").textContent = "Waiting for " + p.name + " to answer...";
  countdown("invite", () => { $("invite-dialog").close(); say(p.name + " did not answer in time."); });
}

// ---------------------------------------------------------------- countdowns

function countdownOpen() { return !!(state.countdowns.invite || state.countdowns.incoming); }

function countdown(kind, onTimeout) {
  const dialog = $(kind + "-dialog"), label = $(kind + "-countdown");
  let left = REQUEST_SECONDS;
  label.textContent = left;
  if (!dialog.open) dialog.show();
  clearInterval(state.countdowns[kind]);
  state.countdowns[kind] = setInterval(() => {
    left -= 1;
    label.textContent = left;
    if (left <= 0) { stopCountdown(kind); onTimeout(); }
  }, 1000);
}

function stopCountdown(kind) {
  clearInterval(state.countdowns[kind]);
  delete state.countdowns[kind];
  const dialog = $(kind + "-dialog");
  if (dialog.open) dialog.close();
}

function closeDialogs() {
  for (const k of Object.keys(state.countdowns)) stopCountdown(k);
  for (const d of document.querySelectorAll("dialog")) if (d.open) d.close();
}

// ---------------------------------------------------------------- game

async function enterGame(channel) {
  leaveChannels();
  closeDialogs();
  say("");
  state.channel = "/game/" + channel;
  state.game = null;
  state.early = [];
  // follow the channel first, then read the board: a move made in between is in the board or arrives after it
  subscribe(state.channel, (data) => { if (state.game) onGame(data); else state.early.push(data); });
  const r = await http("GET", "/gamedata", { id: state.id, token: state.token, channel });
  if (r.status !== 200) { say("The game could not be loaded: " + r.text); enterLobby(); return; }
  const d = r.json();
  const field = JSON.parse(d.field);
  state.game = { color: field.color, captured: field.captured, zones: field.zones, score: [0, +d.score_1, +d.score_2],
    turn: +d.current_player, me: d.player_1 === state.id ? 1 : d.player_2 === state.id ? 2 : 0, last: null,
    names: [null, d.name_1 || "player 1", d.name_2 || "player 2"], over: false };
  show("game-view");
  for (const data of state.early) onGame(data);
  state.early = [];
  const beat = () => publish(state.channel, { type: "heartbeat" });
  beat();
  state.timers.push(setInterval(beat, 5000));
  drawGame();
}

function onGame(data) {
  const g = state.game;
  if (!g) return;
  switch (data.type) {
    case "move":
      if (g.color[data.point.x][data.point.y] === data.player) break; // already on the board we read
      g.color[data.point.x][data.point.y] = data.player;
      g.captured = data.captured; g.zones = data.zones; g.score = data.score;
      g.turn = 3 - data.player; g.last = data.point;
      drawGame();
      break;
    case "request":
      if (data.player === g.me) {
        $("offer-text").textContent = data.requestType === "draw" ? "You offered a draw. Waiting for the answer..."
          : "You offered to end the game at this score. Waiting for the answer...";
        $("offer-answer").hidden = true;
      } else if (data.player) {
        $("offer-text").textContent = g.names[data.player] + (data.requestType === "draw" ? " offers a draw."
          : " offers to end the game at this score (" + g.score[1] + ":" + g.score[2] + ").");
        $("offer-answer").hidden = false;
        state.offerFrom = data.player;
        state.offerType = data.requestType;
      }
      countdown("offer", () => { $("offer-dialog").close(); say("The offer lapsed."); });
      break;
    case "decline":
      stopCountdown("offer");
      say(data.player === g.me ? "You declined the offer." : "The offer was declined.");
      break;
    case "accept":
      stopCountdown("offer");
      break;
    case "quit":
      if (data.player && data.player !== g.me) say(g.names[data.player] + " left the game.");
      break;
    case "gameover": {
      g.over = true;
      closeDialogs();
      const w = data.winner;
      const result = w === 0 ? "A draw" : w === g.me ? "You won" : g.me ? "You lost" : g.names[w] + " won";
      $("gameover-text").textContent = result + ", " + data.score_1 + " : " + data.score_2 + (data.reason ? " (" + data.reason + ")." : ".");
      $("gameover-dialog").show();
      drawGame();
      break;
    }
  }
}

function drawGame() {
  const g = state.game, c = $("board"), ctx = c.getContext("2d");
  $("name1").textContent = g.names[1] + (g.me === 1 ? " (you)" : "");
  $("name2").textContent = g.names[2] + (g.me === 2 ? " (you)" : "");
  $("score1").textContent = g.score[1];
  $("score2").textContent = g.score[2];
  $("turn").textContent = g.over ? "Game over" : g.turn === g.me ? "Your move" : g.me ? "Opponent's move" : "Watching";
  ctx.clearRect(0, 0, c.width, c.height);
  ctx.strokeStyle = "#d8d2c0"; ctx.lineWidth = 1;
  for (let x = 0; x < H; x++) { ctx.beginPath(); ctx.moveTo(PAD, PAD + x * CELL); ctx.lineTo(PAD + (W - 1) * CELL, PAD + x * CELL); ctx.stroke(); }
  for (let y = 0; y < W; y++) { ctx.beginPath(); ctx.moveTo(PAD + y * CELL, PAD); ctx.lineTo(PAD + y * CELL, PAD + (H - 1) * CELL); ctx.stroke(); }
  const colors = [null, "#c62828", "#1565c0"], fills = [null, "rgba(198,40,40,0.15)", "rgba(21,101,192,0.15)"];
  for (const zone of g.zones) {
    if (!zone.length) continue;
    const owner = g.color[zone[0].x][zone[0].y] || 1;
    ctx.beginPath();
    ctx.moveTo(PAD + zone[0].y * CELL, PAD + zone[0].x * CELL);
    for (const p of zone.slice(1)) ctx.lineTo(PAD + p.y * CELL, PAD + p.x * CELL);
    ctx.closePath();
    ctx.fillStyle = fills[owner]; ctx.fill();
    ctx.strokeStyle = colors[owner]; ctx.lineWidth = 2.5; ctx.stroke();
  }
  for (let x = 0; x < H; x++) for (let y = 0; y < W; y++) {
    const p = g.color[x][y];
    if (!p) continue;
    ctx.beginPath();
    ctx.arc(PAD + y * CELL, PAD + x * CELL, 5.5, 0, 2 * Math.PI);
    ctx.fillStyle = colors[p];
    ctx.globalAlpha = g.captured[x][y] && g.captured[x][y] !== p ? 0.45 : 1;
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  if (g.last) {
    ctx.beginPath(); ctx.arc(PAD + g.last.y * CELL, PAD + g.last.x * CELL, 9, 0, 2 * Math.PI);
    ctx.strokeStyle = "#222"; ctx.lineWidth = 2; ctx.stroke();
  }
}

function boardClick(event) {
  const g = state.game;
  if (!g || g.over || g.turn !== g.me) return;
  const c = $("board"), box = c.getBoundingClientRect();
  const px = (event.clientX - box.left) * c.width / box.width, py = (event.clientY - box.top) * c.height / box.height;
  const x = Math.round((py - PAD) / CELL), y = Math.round((px - PAD) / CELL);
  if (x < 0 || x >= H || y < 0 || y >= W || g.color[x][y] || g.captured[x][y]) return;
  publish(state.channel, { type: "move", point: { x, y } }).then((e) => { if (e) say("That point is not free."); else say(""); });
}

async function offer(kind) {
  const e = await publish(state.channel, { type: "request", requestType: kind });
  if (e) say(e.indexOf("Already exists") >= 0 ? "Wait a moment: you made a request less than 15 s ago." : "The offer was refused: " + e);
}

async function answerOffer(accept) {
  const g = state.game;
  const e = accept ? await publish(state.channel, { type: "accept", requestType: state.offerType })
    : await publish(state.channel, { type: "decline", init: state.offerFrom, target: g.me });
  if (e) say("Too late: " + e);
  stopCountdown("offer");
}

// ---------------------------------------------------------------- wiring

$("login-form").addEventListener("submit", login);
$("register").addEventListener("click", register);
$("logout").addEventListener("click", () => {
  if (state.channel && state.game && !state.game.over) publish(state.channel, { type: "quit" });
  else if (cometd) publish("/game/queue", { type: "quit" });
  loggedOut("");
});
$("filter").addEventListener("submit", (e) => { e.preventDefault(); loadQueue(); });
$("reset").addEventListener("click", () => { $("min").value = 0; $("max").value = 3000; $("filter-name").value = "";
  $("min-out").textContent = 0; $("max-out").textContent = 3000; loadQueue(); });
for (const k of ["min", "max"]) $(k).addEventListener("input", () => { $(k + "-out").textContent = $(k).value; });
$("invite-cancel").addEventListener("click", async () => {
  await publish("/game/queue", { type: "decline", init: state.id, target: state.invited });
  stopCountdown("invite");
});
$("accept").addEventListener("click", async () => {
  const e = await publish("/game/queue", { type: "accept", target: state.invitedBy });
  stopCountdown("incoming");
  if (e) say("Too late: the invitation no longer stands.");
});
$("decline").addEventListener("click", async () => {
  await publish("/game/queue", { type: "decline", init: state.invitedBy, target: state.id });
  stopCountdown("incoming");
});
$("board").addEventListener("click", boardClick);
$("offer-draw").addEventListener("click", () => offer("draw"));
$("offer-score").addEventListener("click", () => offer("surrender"));
$("leave").addEventListener("click", () => publish(state.channel, { type: "quit" }));
$("offer-accept").addEventListener("click", () => answerOffer(true));
$("offer-decline").addEventListener("click", () => answerOffer(false));
$("back").addEventListener("click", () => { $("gameover-dialog").close(); enterLobby(); });
window.addEventListener("beforeunload", () => {
  if (cometd && state.channel && state.game && !state.game.over) publish(state.channel, { type: "quit" });
  else if (cometd) publish("/game/queue", { type: "quit" });
});

const saved = sessionStorage.getItem("dots-login");
if (saved) {
  Object.assign(state, JSON.parse(saved));
  connect();
  enterLobby();
} else {
  show("login-view");
}
window.dots = { state, geometry: { W, H, CELL, PAD } };
