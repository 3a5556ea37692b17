// Load generator for boardlab's Dots web server (seed 002): G games at once, 2G Bayeux clients on the npm faye
// client, as the seed's browsers play: each pair enters the lobby (subscribe, heartbeat), invites, accepts, leaves the
// lobby (quit), opens its game (subscribe, GET /gamedata), then plays random free points with a think time and a game
// heartbeat every 5 s. The clients are spread over several Node.js processes (--procs; by default 500 clients a
// process over WebSocket, 2,500 over long-polling); this one merges their figures and looks at the server through its
// pid, as the Java LoadGenerator's ServerProbe does.
//
// The generator checks itself: a process whose event loop stalls fires no heartbeat timer and reads no socket, and
// its players then lose their games for silence by its own doing (session 21: 1,500 WebSocket clients a process on two
// cores shared with the server stalled up to 28 s while a class paired, and most games were lost; the server had
// read everything they sent). Each process watches its loop over the whole run, and for each game lost for silence
// (the gameover's reason) looks whether a player of it had sent nothing on the game's channel for longer than the
// server's rule (--silence-ms, 10000) by the generator's own clock; the report's "silence:" line gives both counts and
// says NOT VALID when the generator made a player silent.
//
// --transport websocket (the default) or long-polling: how the clients carry Bayeux after the handshake.
// websocket is what the seed's browsers do: Faye's client (faye-browser 1.0.1 on the seed's page, npm faye 1.0.3 and
// 1.4.1 for the bots alike) sends /meta/handshake over HTTP long-polling (its mandatory types), opens a WebSocket to
// ws://host/game at the same moment (Transport.get asks every registered transport whether it is usable, the ones
// not allowed yet too), and once the handshake's answer lists "websocket" among the server's supportedConnectionTypes
// it selects the first usable transport in its registration order (in-process, websocket, long-polling; the
// browser's: websocket, eventsource, long-polling, ...): WebSocket. Everything after the handshake (connect,
// subscribe, publish, deliveries) then crosses that socket; GET /queue and GET /gamedata stay HTTP requests, as on the
// page. faye-browser 1.0.1 also sends "[]" on its socket at once and every advice.timeout / 2 (22.5 s with the
// server's 45 s), a keep-alive that npm faye 1.4.1 no longer sends: the generator sends it as the page does
// (--ws-ping-ms 22500; 0: none). --transport long-polling disables Faye's WebSocket (c.disable('websocket')): every
// message is an HTTP request, as sessions 17-20 measured (their figures are long-polling's).
// The report says which transport each client's Bayeux connects used, and how many WebSockets were opened and how
// many closed before the clients left (a socket Faye lost: it opens another, or falls back to long-polling), who closed
// each of those (the client, on which of Faye's paths, or the server, with its close code), and the messages whose
// answer Faye gave up waiting for (session 22: npm faye 1.4.1 closes its socket when a message sent on it is not
// answered within 1.2 times the advised timeout, 54 s). It also gives the generator's own CPU a login and a pair (its
// processes' /proc/PID/stat, read when the server's is), beside the server's: both share the machine's cores.
//
// Measured, wire to wire: from a move's publish to the opponent's receipt of it (both ends in one process, one
// clock). lost = moves the server accepted that never reached the opponent. logins = the time until every client
// is in its game. Then the clients leave (player 1 of each game quits it, both disconnect) and the server's heap
// is read again after a full GC, once it has closed their connections.
//
// Accounts: made once (DotsAccounts, or --setup-only over HTTP for a few) and their tokens kept in --accounts;
// the server keeps its tokens' hashes in data/dots-logins.txt between runs, so a run logs nobody in again.
//
//   NODE_PATH=bundles/boardlab.protocol.dots/src/test/node/node_modules \
//   node benchmarks/node/dots-load.js --url http://127.0.0.1:8888 --clients 10000 --accounts ACC.json \
//        [--transport websocket|long-polling] [--ws-ping-ms 22500] [--silence-ms 10000]
//        [--prefix b] [--procs 4] [--seconds 60] [--warmup 30] [--think-ms 1000-3000] [--heartbeat-ms 5000]
//        [--pairing 5|all] [--lobby-first [--entering 25|all]] [--auth N] [--server-pid PID] [--json FILE]
//
// --lobby-first: a class that logs in and waits before anybody invites: every client first logs in as the seed's page
// does (handshake, subscribes to /game/queue, a heartbeat at once and every --heartbeat-ms, GET /queue: the list it
// shows), --entering at a time in each process ("all": every client at once), until all are in; then the pairs invite
// (each inviter invites its own partner: the generator's pairing is one request a pair, whatever the lobby's size).
// A client is logged in when its subscription is answered, the echo of its heartbeat has come back and GET /queue has
// answered. The report gives two times: until every client is logged in, and from "now invite" until every client is
// in its game. --pairing all: every pair invites at once, as a class told "start now" (a number: that many pairs at a
// time in each process). Each client counts the lobby messages it is sent, by second: the report gives the most one
// client was sent in one second (issue 18: bounded whatever the lobby's size).
//
// --auth N: the first N clients of the run log in with their password first (POST /auth, as the seed's login form:
// the server's password hash) and use the token it gives; their report line says how long those took. The others use
// the tokens in --accounts (a page that kept its login). Only accounts made by DotsAccounts (password
// dots-load-benchmark) can.
//   node benchmarks/node/dots-load.js --url ... --clients 200 --prefix s --accounts ACC.json --setup-only
'use strict';

const http = require('http');
const fs = require('fs');
const cp = require('child_process');
const { usedHeapMb } = require('./jvm-heap');

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : dflt; };
const base = opt('url', 'http://127.0.0.1:8888');
const clients = parseInt(opt('clients', String(2 * parseInt(opt('games', '500'), 10))), 10);
const games = Math.floor(clients / 2);
const stamp = opt('prefix', 'b');
const accountsFile = opt('accounts', null);
const W = 39, H = 32;
const transport = opt('transport', 'websocket');
const wsPingMs = parseInt(opt('ws-ping-ms', '22500'), 10);
// the server's silence rule (a player who sends nothing on his game's channel for this long loses): the generator checks
// that it did not itself leave a player that silent (its event loop late by seconds: its timers fire late)
const silenceMs = parseInt(opt('silence-ms', '10000'), 10);

function fail(text) { console.error(text); process.exit(2); }
if (!(clients >= 2) || clients % 2 !== 0) fail('--clients is an even number of at least 2');
if (transport !== 'websocket' && transport !== 'long-polling') fail('--transport is websocket or long-polling, not ' + transport);
if (!(wsPingMs >= 0)) fail('--ws-ping-ms is a number of milliseconds, 0 for none');
if (!(silenceMs > 0)) fail('--silence-ms is a number of milliseconds');
if (!accountsFile) fail('--accounts FILE is needed (made by DotsAccounts, or by --setup-only)');

// keep every connection open for reuse: Node's default agent closes free sockets past 256, and 10,000 long polls
// would then open a new connection for almost every request (and run out of ports in TIME_WAIT)
http.globalAgent = new http.Agent({ keepAlive: true, maxFreeSockets: 1 << 20 });

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function call(method, path, params) {
  const q = new URLSearchParams(params).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(base + path + (method === 'GET' ? '?' + q : ''), { method,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    if (method === 'POST') req.write(q);
    req.end();
  });
}

const pairNames = (n) => ['la' + stamp + n, 'lb' + stamp + n];

if (args.includes('--setup-only')) setup();
else if (args.includes('--worker')) worker();
else parent();

// ------------------------------------------------------------------------------------------------ --setup-only

// over HTTP, at the server's cost: a password hash for each registration and each login (0.2 s of a core each)
async function setup() {
  const t0 = Date.now();
  const saved = fs.existsSync(accountsFile) ? JSON.parse(fs.readFileSync(accountsFile, 'utf8')) : {};
  const names = [];
  for (let n = 0; n < games; n++) names.push(...pairNames(n));
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(names.slice(i, i + 8).filter((nm) => !saved[nm]).map(async (nm) => {
      await call('POST', '/register', { name: nm, password: 'secret-' + nm });
      const r = await call('POST', '/auth', { name: nm, password: 'secret-' + nm });
      if (r.status !== 200) throw new Error('auth ' + nm + ': ' + r.status + ' ' + r.body);
      saved[nm] = JSON.parse(r.body);
    }));
    fs.writeFileSync(accountsFile, JSON.stringify(saved));
  }
  console.log(names.length + ' accounts in ' + accountsFile + ' after ' + ((Date.now() - t0) / 1000).toFixed(0) + ' s');
  process.exit(0);
}

// ------------------------------------------------------------------------------------------------ one worker

function worker() {
  // every HTTP request this process's clients make (Faye's long polls and publishes, /auth, /queue, /gamedata): the
  // round trips a phase costs
  let httpRequests = 0;
  const request = http.request;
  http.request = function counted(...a) { httpRequests++; return request.apply(this, a); };
  // and every TCP connection they open: with keep-alive (as a browser) far fewer than requests; one a request would make
  // the server's cost of a connection (accept, TLS-less handshake, a new parser) what the generator chose
  let connections = 0;
  const keepAlive = (opts) => {
    const agent = new http.Agent(opts);
    const open = agent.createConnection;
    agent.createConnection = function countedConnection(...a) { connections++; return open.apply(this, a); };
    return agent;
  };
  const Faye = require('faye');
  // the WebSockets Faye opens (its one factory for them, the module its transport requires), and those that closed
  // before the clients left: a socket lost (Faye opens another, or goes back to long-polling)
  // Who closed each of those: the client (Faye closes its socket when a message sent on it is not answered within 1.2
  // times the server's advised timeout, 54 s, or when a new handshake selects another transport) or the server (the
  // close frame's code and reason: 1000 "Destroy" is CometD ending the session's socket as it drops the session,
  // 1001 an idle timeout, 1011 a failure), or nobody (the TCP connection ended without a close frame: 1006)
  let wsOpened = 0, wsClosedEarly = 0;
  const wsClosedBy = {};
  // the messages whose answer Faye gave up waiting for (its Dispatcher.handleError: 1.2 times the advised timeout
  // passed, or the transport under them failed), by channel and the transport they were sent on; over WebSocket giving
  // up closes the socket (the request's abort), after the call, so no stack names it
  const gaveUp = {};
  {
    const Dispatcher = require('faye/src/protocol/dispatcher');
    const handleError = Dispatcher.prototype.handleError;
    Dispatcher.prototype.handleError = function countedGiveUp(message, immediate) {
      const envelope = this._envelopes[message.id];
      if (envelope && envelope.request && !leaving) {
        // the envelope's timer calls it with one argument; a transport that failed under the message with two
        const socket = this._transport && this._transport._socket;
        const quiet = socket && socket.lastFrameAt ? now() - socket.lastFrameAt : NaN;
        const key = message.channel.replace(/\/game\/[0-9a-f]{10}/, '/game/<channel>') + ' on ' + (this.connectionType || '?')
          + (immediate === undefined ? ' (timed out' + (Number.isNaN(quiet) ? '' : quiet < 1000 ? ', the socket read a frame <1 s before'
            : quiet < 10000 ? ', the socket read a frame 1-10 s before' : ', the socket read nothing for >10 s') + ')' : ' (its transport failed)');
        gaveUp[key] = (gaveUp[key] || 0) + 1;
      }
      return handleError.call(this, message, immediate);
    };
  }
  {
    const factory = require('faye/src/util/websocket');
    const create = factory.create;
    factory.create = function countedSocket(...a) {
      const socket = create.apply(this, a);
      let closing = null;
      const close = socket.close;
      socket.close = function closedHere(...c) {
        if (!closing) {
          // which of Faye's paths: a message's answer timed out (Dispatcher.handleError aborts its request), a new
          // handshake chose another transport (Dispatcher.selectTransport), or the client disconnected
          const stack = String(new Error().stack);
          const why = ['handleError', 'selectTransport', 'disconnect'].find((w) => stack.indexOf(w) >= 0) || 'other';
          closing = 'the client (' + (why === 'other' ? 'an answer given up' : why) + ')';
        }
        return close.apply(this, c);
      };
      socket.on('open', () => { wsOpened++; });
      socket.on('message', () => { socket.lastFrameAt = now(); });
      socket.on('close', (event) => {
        if (leaving) return;
        wsClosedEarly++;
        const by = closing || ('the server: ' + event.code + (event.reason ? ' ' + event.reason : ''));
        wsClosedBy[by] = (wsClosedBy[by] || 0) + 1;
      });
      return socket;
    };
  }
  // the connection type of every /meta/connect the clients send (Bayeux's own word for the transport it travels on)
  const connects = {};
  const index = parseInt(opt('worker'), 10);
  const of = parseInt(opt('of'), 10);
  const [thinkMin, thinkMax] = opt('think-ms', '1000-3000').split('-').map(Number);
  const beatMs = parseInt(opt('heartbeat-ms', '5000'), 10);
  const atOnce = (text) => (text === 'all' ? Infinity : parseInt(text, 10));
  const pairing = atOnce(opt('pairing', '5'));
  const lobbyFirst = args.includes('--lobby-first');
  const entering = atOnce(opt('entering', '25'));
  const authFirst = parseInt(opt('auth', '0'), 10);
  const password = opt('password', 'dots-load-benchmark');
  const saved = JSON.parse(fs.readFileSync(accountsFile, 'utf8'));
  const send = (m) => process.send(m);

  let measuring = false, stopping = false, leaving = false;
  // how late this process's event loop ran over the whole run (logging in and pairing too, not only the window): a timer
  // of 100 ms that fires late by more than 1 s is a stall, and while it lasts no heartbeat of this process's clients
  // goes out and nothing they were sent is read
  let stallMaxMs = 0, stallsOver1s = 0;
  {
    let last = now();
    setInterval(() => {
      const t = now();
      const late = t - last - 100;
      last = t;
      if (late > 1000) stallsOver1s++;
      if (late > stallMaxMs) stallMaxMs = late;
    }, 100).unref();
  }
  // how late this process's event loop ran in the window: a latency includes up to that (the generator's delay)
  const loopDelay = require('perf_hooks').monitorEventLoopDelay({ resolution: 10 });
  let cpuAtMeasure = process.cpuUsage();
  let window = [];   // latencies of moves sent in the measured window
  let recent = [];   // latencies since the last interval report
  let accepted = 0, delivered = 0, refusedBusy = 0, errors = 0, transportDown = 0, acceptedInWindow = 0;
  const errorTexts = {};
  // counted by kind: a game's channel and a client's name are left out of the text
  const error = (text) => {
    errors++;
    const kind = String(text).replace(/\/game\/[0-9a-f]{10}/g, '/game/<channel>').replace(/\bl[ab]\S*?\d+\b/g, '<name>');
    errorTexts[kind] = (errorTexts[kind] || 0) + 1;
  };
  // lobby messages sent to this process's clients, and the most one client was sent within one second
  let lobbyMessages = 0, lobbyMostInASecond = 0;
  const countLobby = (bot) => {
    const sec = Math.floor(now() / 1000);
    if (bot.second !== sec) { bot.second = sec; bot.inSecond = 0; }
    bot.inSecond++;
    lobbyMessages++;
    if (bot.inSecond > lobbyMostInASecond) lobbyMostInASecond = bot.inSecond;
  };
  const list = [];
  const everyBot = [];
  // how many of this process's clients are on each transport now (Faye's dispatcher's choice)
  const onTransports = () => {
    const by = {};
    for (const b of everyBot) {
      const t = b.client._dispatcher && b.client._dispatcher._transport;
      const type = t ? t.connectionType : 'none';
      by[type] = (by[type] || 0) + 1;
    }
    return by;
  };
  const transports = () => ({ clients: onTransports(), connects: { ...connects }, wsOpened, wsClosedEarly, wsClosedBy: { ...wsClosedBy }, gaveUp: { ...gaveUp } });
  // --auth: how long each POST /auth took (503s and their retries included), and how many 503s
  const authMs = [];
  let authBusy = 0;

  function client(name) {
    const a = saved[name];
    if (!a) throw new Error('no account ' + name + ' in ' + accountsFile + ' (made for fewer clients, or another --prefix)');
    const c = new Faye.Client(base + '/game', { timeout: 45, retry: 2 });
    if (transport === 'long-polling') c.disable('websocket');
    c.disable('eventsource');
    c.disable('autodisconnect');
    const bot = { name, id: a.id, token: a.token, client: c };
    c.addExtension({ outgoing(m, cb) {
      if (m.channel === '/meta/connect') connects[m.connectionType] = (connects[m.connectionType] || 0) + 1;
      const g = bot.game;
      if (g && m.channel === g.channel) sentInGame(g, bot.player);
      if (m.channel.indexOf('/meta/') !== 0 || m.channel === '/meta/subscribe' || m.channel === '/meta/disconnect') {
        m.auth = { id: bot.id, token: bot.token };
      }
      cb(m);
    } });
    c.on('transport:down', () => { if (!leaving) { transportDown++; error('transport down'); } });
    // faye-browser 1.0.1's keep-alive on its WebSocket (npm faye 1.4.1 sends none): "[]" every advice.timeout / 2
    if (transport === 'websocket' && wsPingMs > 0) {
      bot.ping = setInterval(() => {
        const t = c._dispatcher && c._dispatcher._transport;
        if (!leaving && t && t.connectionType === 'websocket' && t._socket) t._socket.send('[]');
      }, wsPingMs);
    }
    everyBot.push(bot);
    return bot;
  }

  // the seed's login form: POST /auth with the password (the server's password hash); a 503 (the server's logins
  // waiting are full) is tried again a second later, as a person clicks again
  async function authenticate(bot) {
    const t = now();
    for (;;) {
      const r = await call('POST', '/auth', { name: bot.name, password });
      if (r.status === 200) {
        const got = JSON.parse(r.body);
        bot.id = got.id;
        bot.token = got.token;
        authMs.push(now() - t);
        return;
      }
      if (r.status !== 503) throw new Error('auth ' + bot.name + ': ' + r.status + ' ' + r.body);
      authBusy++;
      await sleep(1000);
    }
  }

  // a message of player p on his game's channel leaves the generator now: a gap longer than the server's silence rule
  // since his last one (or since the generator learned of the game) was the generator's own doing
  function sentInGame(g, p) {
    const t = now();
    if (t - g.lastSent[p] > silenceMs) g.silentHere = true;
    g.lastSent[p] = t;
  }

  function publish(bot, channel, data) {
    return new Promise((resolve) => bot.client.publish(channel, data).then(() => resolve(null),
      (e) => resolve(e && e.code !== undefined ? e.code + '::' + e.message : String(e && e.message || e))));
  }

  // --lobby-first: both of pair n log in as the seed's page does and stay in the lobby (heartbeats) until pair(n)
  // invites. Logged in: the subscription answered, the heartbeat's echo back, GET /queue answered (the page's list)
  const entered = new Map();
  async function enter(n) {
    const [na, nb] = pairNames(n);
    const a = client(na), b = client(nb);
    const p = { a, b, subs: [], beats: [] };
    p.gotGame = new Promise((r) => { p.resolveGame = r; });
    await Promise.all([a, b].map(async (bot, i) => {
      if (2 * n + i < authFirst) await authenticate(bot);
      let echoed;
      const echo = new Promise((r) => { echoed = r; });
      const sub = bot.client.subscribe('/game/queue', (m) => {
        countLobby(bot);
        if (m.type === 'heartbeat' && m.id === bot.id) echoed();
        if (bot === a && m.type === 'newgame' && m.player_1 === a.id) p.resolveGame(m.channel);
      });
      await sub;
      p.subs.push(sub);
      const beat = () => publish(bot, '/game/queue', { type: 'heartbeat' }).then((e) => { if (e && !leaving) error('lobby heartbeat: ' + e); });
      // a heartbeat at once and every 5 s, as the page: if the first is lost (a session the server dropped, which
      // Faye makes again), the echo of a later one logs the client in
      p.beats.push(setInterval(beat, beatMs));
      const [, queue] = await Promise.all([beat(), call('GET', '/queue', { id: bot.id, token: bot.token }), echo]);
      if (queue.status !== 200) throw new Error('GET /queue for ' + bot.name + ': ' + queue.status + ' ' + queue.body);
    }));
    entered.set(n, p);
  }

  async function pair(n) {
    const [na, nb] = pairNames(n);
    const p = entered.get(n);
    const a = p ? p.a : client(na), b = p ? p.b : client(nb);
    let resolveGame;
    const gotGame = p ? p.gotGame : new Promise((r) => { resolveGame = r; });
    const onQueue = (m) => { countLobby(a); if (m.type === 'newgame' && m.player_1 === a.id) resolveGame(m.channel); };
    // without --lobby-first only the inviter listens to the lobby (for the newgame; the invitee learns its channel
    // from him, in this process)
    const subA = p ? null : a.client.subscribe('/game/queue', onQueue);
    if (subA) {
      await subA;
      await Promise.all([publish(a, '/game/queue', { type: 'heartbeat' }), publish(b, '/game/queue', { type: 'heartbeat' })]);
    }
    const e1 = await publish(a, '/game/queue', { type: 'request', target: b.id });
    const e2 = e1 ? null : await publish(b, '/game/queue', { type: 'accept', target: a.id });
    if (e1 || e2) throw new Error('pairing ' + na + ' and ' + nb + ': ' + (e1 || e2));
    let timer;
    const late = new Promise((r, reject) => { timer = setTimeout(() => reject(new Error('no newgame for ' + na + ' and ' + nb + ' within 60 s')), 60000); });
    const channel = '/game/' + await Promise.race([gotGame, late]);
    clearTimeout(timer);
    if (subA) subA.cancel();
    if (p) {
      for (const t of p.beats) clearInterval(t);
      for (const sub of p.subs) sub.cancel();
    }
    const g = { channel, bots: { 1: a, 2: b }, turn: 1, color: [], captured: [], over: false, pending: null, beats: [],
      lastSent: { 1: now(), 2: now() }, silentHere: false, lostForSilence: false };
    a.game = g; a.player = 1; b.game = g; b.player = 2;
    for (let x = 0; x < H; x++) { g.color.push(new Array(W).fill(0)); g.captured.push(new Array(W).fill(0)); }
    // as the seed's page going from the lobby to the game: it quits the lobby as it subscribes to the game, at once
    await Promise.all([publish(a, '/game/queue', { type: 'quit' }), publish(b, '/game/queue', { type: 'quit' }),
      ...[1, 2].map((p) => g.bots[p].client.subscribe(channel, (m) => onGame(g, p, m)))]);
    // the game page reads the game once, as the seed's page does
    const gd = await Promise.all([a, b].map((bot) => call('GET', '/gamedata', { id: bot.id, token: bot.token, channel: channel.slice(6) })));
    for (const r of gd) if (r.status !== 200) throw new Error('/gamedata for ' + channel + ': ' + r.status + ' ' + r.body);
    for (const p of [1, 2]) {
      const beat = () => { if (!g.over && !leaving) publish(g.bots[p], g.channel, { type: 'heartbeat' }).then((e) => { if (e) error(e); }); };
      beat();
      setTimeout(() => { beat(); g.beats.push(setInterval(beat, beatMs)); }, Math.random() * beatMs);
    }
    setTimeout(() => move(g, 1), thinkMin + Math.random() * (thinkMax - thinkMin));
    return g;
  }

  function onGame(g, p, m) {
    if (m.type === 'move') {
      if (m.player !== p) { // the opponent's move reached this player: the figure measured
        const key = m.point.x * W + m.point.y;
        if (g.pending && g.pending.key === key) {
          const ms = now() - g.pending.sent;
          delivered++;
          recent.push(ms);
          if (g.pending.measured) window.push(ms);
          g.pending = null;
        }
        g.color[m.point.x][m.point.y] = m.player;
        g.captured = m.captured;
        g.turn = p;
        setTimeout(() => move(g, p), thinkMin + Math.random() * (thinkMax - thinkMin));
      }
    } else if (m.type === 'gameover') {
      if (!g.over) {
        // the server's reason names a silent player ("... sent nothing for 10.0 s"); was the silence the generator's?
        g.lostForSilence = typeof m.reason === 'string' && m.reason.indexOf('sent nothing') >= 0;
        const t = now();
        if (t - g.lastSent[1] > silenceMs || t - g.lastSent[2] > silenceMs) g.silentHere = true;
      }
      g.over = true;
    }
  }

  async function move(g, p) {
    if (g.over || g.turn !== p || stopping) return;
    const free = [];
    for (let x = 0; x < H; x++) for (let y = 0; y < W; y++) if (!g.color[x][y] && !g.captured[x][y]) free.push(x * W + y);
    if (free.length === 0) return;
    const key = free[Math.floor(Math.random() * free.length)];
    const x = Math.floor(key / W), y = key % W;
    const sent = { key, sent: now(), measured: measuring };
    g.pending = sent; // the opponent's receipt may come before the answer to the publish
    const e = await publish(g.bots[p], g.channel, { type: 'move', point: { x, y } });
    if (e === null) {
      accepted++;
      if (sent.measured) acceptedInWindow++;
      g.color[x][y] = p;
      g.turn = 3 - p;
    } else {
      if (g.pending === sent) g.pending = null;
      if (e.indexOf('Point is busy') >= 0) { refusedBusy++; g.captured[x][y] = 3 - p; move(g, p); } else { error(e); }
    }
  }

  process.on('disconnect', () => process.exit(1)); // the parent is gone
  process.on('message', async (m) => {
    if (m.cmd === 'measure') {
      measuring = true;
      cpuAtMeasure = process.cpuUsage();
      loopDelay.reset();
      loopDelay.enable();
    } else if (m.cmd === 'interval') {
      send({ t: 'interval', lat: recent, accepted, errors });
      recent = [];
    } else if (m.cmd === 'stop') {
      measuring = false;
      stopping = true;
      const cpu = process.cpuUsage(cpuAtMeasure);
      loopDelay.disable();
      await sleep(5000); // the last moves arrive
      let lost = 0;
      for (const g of list) if (g.pending && !g.over) lost++;
      const lostSilent = list.filter((g) => g.lostForSilence);
      send({ t: 'done', cpuSeconds: (cpu.user + cpu.system) / 1e6, loopP99Ms: loopDelay.percentile(99) / 1e6, loopMaxMs: loopDelay.max / 1e6,
        stallMaxMs, stallsOver1s, lostForSilence: lostSilent.length, lostForSilenceHere: lostSilent.filter((g) => g.silentHere).length,
        authMs, authBusy, transports: transports(), lat: window, accepted, acceptedInWindow, delivered, lost, refusedBusy, errors, errorTexts, transportDown, lobbyMessages, lobbyMostInASecond });
    } else if (m.cmd === 'pair') {
      if (startPairing) startPairing();
    } else if (m.cmd === 'leave') {
      leaving = true;
      for (const g of list) for (const t of g.beats) clearInterval(t);
      for (const b of everyBot) clearInterval(b.ping);
      // leaving the game is a loss: player 1 quits, then both close their sessions (what a tab that is closed does
      // after its page's quit)
      await Promise.all(list.filter((g) => !g.over).map((g) => publish(g.bots[1], g.channel, { type: 'quit' })));
      await sleep(1000);
      for (const g of list) for (const p of [1, 2]) g.bots[p].client.disconnect();
      await sleep(2000);
      send({ t: 'left' });
      setTimeout(() => process.exit(0), 500);
    }
  });

  let startPairing = null;
  (async () => {
    const mine = [];
    for (let n = index; n < games; n += of) mine.push(n);
    // one socket for each client's held long poll and a thousand for the publishes between them: at most, however the
    // requests bunch up (each is a file on both sides: the container's hard limit is 20,000 a process)
    http.globalAgent = keepAlive({ keepAlive: true, maxFreeSockets: 1 << 20, maxSockets: 2 * mine.length + 1000 });
    if (lobbyFirst) {
      let nextIn = 0;
      const enterSome = async () => {
        while (nextIn < mine.length) {
          const n = mine[nextIn++];
          try {
            await enter(n);
          } catch (e) {
            error(String(e && e.message || e).slice(0, 200));
          }
          if (++enteredCount % 100 === 0) send({ t: 'progress-in', done: enteredCount });
        }
      };
      let enteredCount = 0;
      const go = new Promise((r) => { startPairing = r; });
      await Promise.all(Array.from({ length: Math.min(entering, mine.length) }, enterSome));
      send({ t: 'inlobby', clients: 2 * entered.size, lobbyMessages, lobbyMostInASecond, httpRequests, connections, transports: transports() });
      await go;
    }
    let next = 0, done = 0;
    const runOne = async () => {
      while (next < mine.length) {
        const n = mine[next++];
        try {
          list.push(await pair(n));
        } catch (e) {
          error(String(e && e.message || e).slice(0, 200));
        }
        if (++done % 100 === 0) send({ t: 'progress', done });
      }
    };
    await Promise.all(Array.from({ length: Math.min(pairing, mine.length) }, runOne));
    send({ t: 'ready', games: list.length, of: mine.length, httpRequests, connections, transports: transports() });
  })().catch((e) => { console.error('worker ' + index + ' FAILED: ' + (e && e.stack ? e.stack : e)); process.exit(1); });
}

// ------------------------------------------------------------------------------------------------ the parent

function parent() {
  const seconds = parseInt(opt('seconds', '60'), 10);
  const warmup = parseInt(opt('warmup', '30'), 10);
  // over WebSocket a process's one event loop reads every frame of its clients (each delivery is a frame of its own) and
  // fires their heartbeat timers: 1,500 clients a process on two cores shared with the server stalled for 1-28 s while
  // a class paired (session 21), and its players lost their games for silence; 500 a process keep up. Long-polling's
  // deliveries come batched in a poll's answer: ~2,500 a process
  const procs = parseInt(opt('procs', String(Math.max(1, Math.ceil(clients / (transport === 'websocket' ? 500 : 2500))))), 10);
  const serverPid = opt('server-pid', null);
  const jcmdPath = opt('jcmd', 'jcmd');
  const jsonFile = opt('json', null);

  const loadAverage = () => { try { return fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '); } catch (e) { return '?'; } };
  const jcmd = (command) => { try { return cp.execFileSync(jcmdPath, [serverPid, command], { encoding: 'utf8', timeout: 60000 }); } catch (e) { return ''; } };
  const heapMb = usedHeapMb; // GC.heap_info's used heap in MB (jvm-heap.js)
  const status = (field) => { try { return Number(new RegExp(field + ':\\s+(\\d+)').exec(fs.readFileSync('/proc/' + serverPid + '/status', 'utf8'))[1]); } catch (e) { return -1; } };
  const cpuSeconds = () => {
    try {
      const stat = fs.readFileSync('/proc/' + serverPid + '/stat', 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(f[11]) + Number(f[12])) / 100; // clock ticks of 1/100 s (getconf CLK_TCK)
    } catch (e) { return NaN; }
  };
  // CPU seconds of the server's threads by name, digits left out (the kernel keeps 15 characters of a name)
  const threadCpu = () => {
    const by = {};
    try {
      for (const tid of fs.readdirSync('/proc/' + serverPid + '/task')) {
        try {
          const stat = fs.readFileSync('/proc/' + serverPid + '/task/' + tid + '/stat', 'utf8');
          const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+/g, '#');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          by[name] = (by[name] || 0) + (Number(f[11]) + Number(f[12])) / 100;
        } catch (e) { /* ended */ }
      }
    } catch (e) { /* gone */ }
    return by;
  };
  const sockets = () => {
    try {
      let n = 0;
      for (const fd of fs.readdirSync('/proc/' + serverPid + '/fd')) {
        try { if (fs.readlinkSync('/proc/' + serverPid + '/fd/' + fd).startsWith('socket:')) n++; } catch (e) { /* closed */ }
      }
      return n;
    } catch (e) { return -1; }
  };
  const sample = (gcFirst) => {
    if (!serverPid) return { heap: -1, threads: -1, rss: -1 };
    if (gcFirst) jcmd('GC.run');
    return { heap: heapMb(jcmd('GC.heap_info')), threads: status('Threads'), rss: Math.round(status('VmRSS') / 1024) };
  };
  const pct = (sorted, p) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p / 100 * sorted.length))] : NaN;
  const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '?');
  const f0 = (x) => (Number.isFinite(x) && x >= 0 ? x.toFixed(0) : '?');

  const lobbyFirst = args.includes('--lobby-first');
  // the workers' transport counts summed: clients by the transport they are on, /meta/connects by connection type,
  // WebSockets opened and lost
  const mergeTransports = (replies) => {
    const add = (into, from) => { for (const [k, v] of Object.entries(from || {})) into[k] = (into[k] || 0) + v; return into; };
    const t = { clients: {}, connects: {}, ws_opened: 0, ws_closed_early: 0, ws_closed_by: {}, answers_given_up: {} };
    for (const m of replies) {
      add(t.answers_given_up, m.transports.gaveUp);
      add(t.clients, m.transports.clients);
      add(t.connects, m.transports.connects);
      add(t.ws_closed_by, m.transports.wsClosedBy);
      t.ws_opened += m.transports.wsOpened;
      t.ws_closed_early += m.transports.wsClosedEarly;
    }
    return t;
  };
  const saysTransports = (t) => 'clients on ' + Object.entries(t.clients).map(([k, v]) => k + ' ' + v).join(', ')
    + '; /meta/connects by type: ' + Object.entries(t.connects).map(([k, v]) => k + ' ' + v).join(', ')
    + '; WebSockets opened ' + t.ws_opened + ', closed before the clients left ' + t.ws_closed_early
    + (t.ws_closed_early ? ' (closed by ' + Object.entries(t.ws_closed_by).map(([k, v]) => k + ': ' + v).join(', ') + ')' : '')
    + '; answers Faye gave up waiting for: ' + (Object.entries(t.answers_given_up).map(([k, v]) => k + ' ' + v).join(', ') || 'none');
  const report = { transport, ws_ping_ms: transport === 'websocket' ? wsPingMs : null, clients, games, procs, seconds, warmup, think_ms: opt('think-ms', '1000-3000'), heartbeat_ms: Number(opt('heartbeat-ms', '5000')),
    pairing_per_process: opt('pairing', '5'), entering_per_process: lobbyFirst ? opt('entering', '25') : null,
    auth_clients: Number(opt('auth', '0')), lobby_first: lobbyFirst, load_at_start: loadAverage() };
  const idle = sample(true);
  const idleSockets = serverPid ? sockets() : -1;
  report.server_idle = idle;
  console.log('dots load: ' + clients + ' clients (' + games + ' games) over ' + transport + ' in ' + procs + ' processes against ' + base + ', '
    + seconds + ' s measured after ' + warmup + ' s, think ' + report.think_ms + ' ms, heartbeat every ' + report.heartbeat_ms
    + ' ms; load average ' + report.load_at_start + '; server idle: heap ' + f0(idle.heap) + ' MB, ' + idle.threads + ' threads');

  // the machine's CPU (all cores, /proc/stat) and the server's, at the phases' ends: what logging in and pairing cost
  const machine = () => {
    try {
      const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return { busy: f[0] + f[1] + f[2] + f[5] + f[6] + f[7], all: f.reduce((a, b) => a + b, 0) };
    } catch (e) { return { busy: NaN, all: NaN }; }
  };
  // the generator's own CPU (its worker processes' /proc/PID/stat, as the server's, and this process's), read at the same
  // moments as the server's: what a login costs the generator on the same cores
  const generatorCpuSeconds = () => {
    let s = 0;
    for (const w of workers) {
      try {
        const stat = fs.readFileSync('/proc/' + w.pid + '/stat', 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        s += (Number(f[11]) + Number(f[12])) / 100;
      } catch (e) { /* ended */ }
    }
    const own = process.cpuUsage();
    return s + (own.user + own.system) / 1e6;
  };
  const phase = (from) => {
    const m = machine(), cpu = serverPid ? cpuSeconds() : NaN, gen = generatorCpuSeconds();
    return { at: { m, cpu, gen }, busy: from ? +((m.busy - from.m.busy) / (m.all - from.m.all)).toFixed(2) : null, serverCpu: from ? cpu - from.cpu : null,
      generatorCpu: from ? gen - from.gen : null };
  };
  const workers = [];
  const atStart = phase(null);
  const t0 = now();
  const waiting = new Map();
  const expect = (type) => new Promise((resolve) => {
    const got = [];
    waiting.set(type, (m) => { got.push(m); if (got.length === workers.length) { waiting.delete(type); resolve(got); } });
  });
  let progress = 0, progressIn = 0;
  for (let i = 0; i < procs; i++) {
    const w = cp.fork(__filename, [...args, '--worker', String(i), '--of', String(procs)], { execArgv: ['--max-old-space-size=4096'] });
    w.on('message', (m) => {
      if (m.t === 'progress') { progress += 100; return; }
      if (m.t === 'progress-in') { progressIn += 100; return; }
      const h = waiting.get(m.t);
      if (h) h(m);
    });
    w.on('exit', (code) => { if (code !== 0 && !report.finished) { console.error('a worker ended with ' + code); process.exit(1); } });
    workers.push(w);
  }
  const broadcast = (cmd) => { for (const w of workers) w.send({ cmd }); };
  let heapPeak = -1, threadsPeak = -1, socketsPeak = -1;
  const peek = () => {
    const s = sample(false);
    heapPeak = Math.max(heapPeak, s.heap);
    threadsPeak = Math.max(threadsPeak, s.threads);
    if (serverPid) socketsPeak = Math.max(socketsPeak, sockets());
    return s;
  };

  (async () => {
    if (lobbyFirst) {
      const inLobby = expect('inlobby');
      const lobbyTimer = setInterval(() => {
        const s = peek();
        console.log('  ' + ((now() - t0) / 1000).toFixed(0) + ' s: ' + 2 * progressIn + '+ clients logged in; server heap ' + f0(s.heap) + ' MB, ' + s.threads + ' threads');
      }, 5000);
      const l = await inLobby;
      clearInterval(lobbyTimer);
      report.logged_in_s = +((now() - t0) / 1000).toFixed(1);
      report.logged_in_at = new Date().toISOString(); // (the clock's time: to find the phase in a server's recording)
      report.lobby_clients = l.reduce((s, m) => s + m.clients, 0);
      report.lobby_messages_entering = l.reduce((s, m) => s + m.lobbyMessages, 0);
      report.lobby_most_entering = Math.max(...l.map((m) => m.lobbyMostInASecond));
      report.http_requests_logging_in = l.reduce((s, m) => s + m.httpRequests, 0);
      report.tcp_connections_logging_in = l.reduce((s, m) => s + m.connections, 0);
      report.transports_logged_in = mergeTransports(l);
      const logins = phase(atStart.at);
      report.logging_in_machine_busy = logins.busy;
      report.server_cpu_ms_per_login = +(logins.serverCpu * 1000 / Math.max(1, report.lobby_clients)).toFixed(2);
      report.generator_cpu_ms_per_login = +(logins.generatorCpu * 1000 / Math.max(1, report.lobby_clients)).toFixed(2);
      report.phase_logged_in = logins.at;
      console.log('logged in:    ' + report.lobby_clients + ' clients after ' + report.logged_in_s + ' s (each: subscribed, its heartbeat '
        + 'echoed, GET /queue answered); they were sent ' + report.lobby_messages_entering + ' lobby messages meanwhile, at most '
        + report.lobby_most_entering + ' to one client in one second; ' + report.http_requests_logging_in + ' HTTP requests ('
        + f1(report.http_requests_logging_in / report.lobby_clients) + ' a client) on ' + report.tcp_connections_logging_in
        + ' TCP connections; the server ' + report.server_cpu_ms_per_login
        + ' ms of CPU a login, the generator ' + report.generator_cpu_ms_per_login + ' ms (its processes\' start included), the machine '
        + Math.round(100 * report.logging_in_machine_busy) + ' % busy; now every pair invites');
      console.log('transport:    ' + saysTransports(report.transports_logged_in));
    }
    const ready = expect('ready');
    const inviteAt = now();
    report.start_at = new Date(Date.now() - (inviteAt - t0)).toISOString();
    report.invite_at = new Date().toISOString();
    if (lobbyFirst) broadcast('pair');
    const progressTimer = setInterval(() => {
      const s = peek();
      console.log('  ' + ((now() - t0) / 1000).toFixed(0) + ' s: ' + progress + '+ games paired; server heap ' + f0(s.heap) + ' MB, ' + s.threads + ' threads');
    }, 5000);
    const r = await ready;
    clearInterval(progressTimer);
    report.login_seconds = +((now() - t0) / 1000).toFixed(1);
    report.in_games_after_invite_s = +((now() - inviteAt) / 1000).toFixed(1);
    report.in_games_at = new Date().toISOString();
    report.games_paired = r.reduce((s, m) => s + m.games, 0);
    report.http_requests_until_in_games = r.reduce((s, m) => s + m.httpRequests, 0);
    report.tcp_connections_until_in_games = r.reduce((s, m) => s + m.connections, 0);
    report.transports_in_games = mergeTransports(r);
    {
      const pairing = phase(report.phase_logged_in || atStart.at);
      report.pairing_machine_busy = pairing.busy;
      report.server_cpu_ms_per_pair = +(pairing.serverCpu * 1000 / Math.max(1, report.games_paired)).toFixed(2);
      report.generator_cpu_ms_per_pair = +(pairing.generatorCpu * 1000 / Math.max(1, report.games_paired)).toFixed(2);
      delete report.phase_logged_in;
    }
    console.log('in their games: ' + report.games_paired + ' of ' + games + ' games (' + 2 * report.games_paired + ' clients) after '
      + report.login_seconds + ' s' + (lobbyFirst ? ', ' + report.in_games_after_invite_s + ' s after they were told to invite' : '')
      + '; HTTP requests since the start: ' + report.http_requests_until_in_games + ' (' + f1(report.http_requests_until_in_games / clients) + ' a client) on '
      + report.tcp_connections_until_in_games + ' TCP connections; '
      + (lobbyFirst ? 'pairing: ' : 'logging in and pairing: ') + 'the server ' + report.server_cpu_ms_per_pair + ' ms of CPU a pair, the generator '
      + report.generator_cpu_ms_per_pair + ' ms, the machine '
      + Math.round(100 * report.pairing_machine_busy) + ' % busy');
    console.log('transport:    ' + saysTransports(report.transports_in_games));

    let measuring = false, cpuAtWindow = NaN, threadsAtWindow = {}, lastAccepted = NaN, lastTime = now();
    const playStart = now();
    const intervals = [];
    while (now() - playStart < (warmup + seconds) * 1000) {
      await sleep(5000);
      if (!measuring && now() - playStart >= warmup * 1000) {
        broadcast('measure');
        measuring = true;
        cpuAtWindow = cpuSeconds();
        threadsAtWindow = threadCpu();
        report.load_at_window = loadAverage();
      }
      const replies = expect('interval');
      broadcast('interval');
      const got = await replies;
      const lat = [].concat(...got.map((m) => m.lat)).sort((a, b) => a - b);
      const acc = got.reduce((s, m) => s + m.accepted, 0);
      const errs = got.reduce((s, m) => s + m.errors, 0);
      const s = peek();
      const t = now();
      const line = { at_s: Math.round((t - t0) / 1000), moves_per_s: Number.isNaN(lastAccepted) ? null : Math.round((acc - lastAccepted) / ((t - lastTime) / 1000)),
        p99_ms: +f1(pct(lat, 99)), max_ms: +f1(lat[lat.length - 1]), errors: errs, heap_mb: Math.round(s.heap), threads: s.threads };
      intervals.push(line);
      console.log('  ' + line.at_s + ' s: ' + line.moves_per_s + ' moves/s, p99 ' + line.p99_ms + ' ms, max ' + line.max_ms + ' ms, '
        + errs + ' errors; server heap ' + f0(s.heap) + ' MB, ' + s.threads + ' threads' + (measuring ? '' : ' (warm-up)'));
      lastAccepted = acc;
      lastTime = t;
    }
    const done = expect('done');
    broadcast('stop');
    const windowEnd = now();
    const cpuWindow = cpuSeconds() - cpuAtWindow;
    const threadsAtEnd = threadCpu();
    const byThread = Object.entries(threadsAtEnd).map(([k, v]) => [k, v - (threadsAtWindow[k] || 0)]).filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1]).slice(0, 10);
    report.server_cpu_s_by_thread = Object.fromEntries(byThread.map(([k, v]) => [k, +v.toFixed(1)]));
    const d = await done;
    report.transports_at_end = mergeTransports(d);
    const lat = [].concat(...d.map((m) => m.lat)).sort((a, b) => a - b);
    const sum = (k) => d.reduce((s, m) => s + m[k], 0);
    const errorTexts = {};
    for (const m of d) for (const [k, v] of Object.entries(m.errorTexts)) errorTexts[k] = (errorTexts[k] || 0) + v;
    const auths = [].concat(...d.map((m) => m.authMs)).sort((a, b) => a - b);
    if (auths.length) {
      report.auth = { logins: auths.length, busy_503: sum('authBusy'), p50_ms: +f1(pct(auths, 50)), p99_ms: +f1(pct(auths, 99)), max_ms: +f1(auths[auths.length - 1]) };
    }
    Object.assign(report, { moves_in_window: sum('acceptedInWindow'), moves_per_s: +(sum('acceptedInWindow') / seconds).toFixed(1),
      measured: lat.length, p50_ms: +f1(pct(lat, 50)), p90_ms: +f1(pct(lat, 90)), p99_ms: +f1(pct(lat, 99)), max_ms: +f1(lat[lat.length - 1]),
      accepted_total: sum('accepted'), delivered_total: sum('delivered'), lost: sum('lost'), refused_busy: sum('refusedBusy'),
      errors: sum('errors'), transport_down: sum('transportDown'), error_texts: errorTexts,
      server_cpu_s_in_window: +f1(cpuWindow), server_cores: +(cpuWindow / seconds).toFixed(2),
      server_cpu_ms_per_move: +(cpuWindow * 1000 / Math.max(1, sum('acceptedInWindow'))).toFixed(3),
      generator_cores: +(sum('cpuSeconds') / seconds).toFixed(2), generator_loop_late_p99_ms: +f1(Math.max(...d.map((m) => m.loopP99Ms))),
      generator_loop_late_max_ms: +f1(Math.max(...d.map((m) => m.loopMaxMs))),
      generator_stall_max_ms: +f1(Math.max(...d.map((m) => m.stallMaxMs))), generator_stalls_over_1s: sum('stallsOver1s'),
      games_lost_for_silence: sum('lostForSilence'), games_lost_for_silence_the_generators: sum('lostForSilenceHere'),
      server_heap_peak_mb: Math.round(heapPeak), server_threads_peak: threadsPeak, server_sockets_peak: socketsPeak, intervals,
      lobby_messages: sum('lobbyMessages'), lobby_most_to_one_client_in_a_second: Math.max(...d.map((m) => m.lobbyMostInASecond)) });
    void windowEnd;

    const left = expect('left');
    broadcast('leave');
    await left;
    report.finished = true;
    // the clients are gone: what does the server keep? (once it has closed their connections too; then full GCs
    // until two looks agree within 10 %, as ServerProbe.sampleSettled)
    if (serverPid) {
      const until = now() + 60000;
      while (sockets() > idleSockets + 5 && now() < until) await sleep(200);
      report.server_sockets_closed_after_s = +((now() - windowEnd) / 1000).toFixed(1);
      let look = sample(true);
      const first = look;
      for (let i = 0; i < 10; i++) {
        await sleep(1000);
        const again = sample(true);
        const before = look.heap;
        look = again;
        if (before < 0 || Math.abs(again.heap - before) <= 0.1 * before) break;
      }
      report.server_after_first_heap_mb = Math.round(first.heap);
      report.server_after = look;
    }
    report.load_at_end = loadAverage();
    console.log('\n== dots load: ' + clients + ' clients over ' + transport + ', ' + seconds + ' s (' + warmup + ' s warm-up), think ' + report.think_ms
      + ' ms, heartbeat ' + report.heartbeat_ms + ' ms, ' + procs + ' processes ==');
    console.log('transport:    at the window\'s end: ' + saysTransports(report.transports_at_end));
    if (lobbyFirst) {
      console.log('logged in:    ' + report.logged_in_s + ' s until every client was logged in (subscribed, heartbeat echoed, GET /queue answered); '
        + f1(report.http_requests_logging_in / report.lobby_clients) + ' HTTP requests (' + report.tcp_connections_logging_in + ' TCP connections in all) and '
        + report.server_cpu_ms_per_login + ' ms of server CPU a client (the generator: ' + report.generator_cpu_ms_per_login + ' ms); the machine '
        + Math.round(100 * report.logging_in_machine_busy) + ' % busy');
    }
    console.log('in games:     ' + report.login_seconds + ' s until every client was in its game (' + report.games_paired + ' of ' + games + ' games)'
      + (lobbyFirst ? '; ' + report.in_games_after_invite_s + ' s from "invite now" (' + opt('pairing', '5') + ' pairs at a time a process)' : '')
      + '; ' + report.server_cpu_ms_per_pair + ' ms of server CPU a pair (the generator: ' + report.generator_cpu_ms_per_pair + ' ms), the machine ' + Math.round(100 * report.pairing_machine_busy) + ' % busy');
    if (report.auth) {
      console.log('POST /auth:   ' + report.auth.logins + ' logins with a password: p50 ' + report.auth.p50_ms + ' ms, p99 ' + report.auth.p99_ms
        + ' ms, max ' + report.auth.max_ms + ' ms each (waits and 503 retries included), ' + report.auth.busy_503 + ' answered 503 Busy');
    }
    console.log('moves:        ' + report.moves_in_window + ' in the window, ' + report.moves_per_s + '/s; ' + report.accepted_total
      + ' accepted in all, ' + report.refused_busy + ' refused busy (a zone the client had not drawn yet)');
    console.log('latency:      publish -> opponent\'s receipt: p50 ' + report.p50_ms + ' ms, p90 ' + report.p90_ms + ' ms, p99 '
      + report.p99_ms + ' ms, max ' + report.max_ms + ' ms (' + report.measured + ' samples)');
    console.log('generator:    ' + report.generator_cores + ' cores in the window (' + procs + ' processes); their event loops ran late by '
      + 'p99 ' + report.generator_loop_late_p99_ms + ' ms, max ' + report.generator_loop_late_max_ms + ' ms (the worst process; a latency includes up to that)');
    console.log('silence:      ' + report.games_lost_for_silence + ' games lost for silence (the gameover\'s reason), of which '
      + report.games_lost_for_silence_the_generators + ' the generator\'s own doing (a player of the game had sent nothing for more than '
      + silenceMs + ' ms by the generator\'s clock); its event loops stalled up to ' + f0(report.generator_stall_max_ms)
      + ' ms over the whole run (' + report.generator_stalls_over_1s + ' stalls over 1 s)'
      + (report.games_lost_for_silence_the_generators > 0 ? ': NOT VALID as a figure of the server\'s silence rule' : ''));
    console.log('lobby:        ' + report.lobby_messages + ' lobby messages sent to the clients in all'
      + (lobbyFirst ? ' (' + report.lobby_messages_entering + ' while logging in, at most ' + report.lobby_most_entering + ' to one client in a second then)' : '')
      + '; at most ' + report.lobby_most_to_one_client_in_a_second + ' to one client in one second');
    console.log('errors:       ' + report.errors + ' ' + JSON.stringify(errorTexts) + '; lost moves: ' + report.lost);
    if (serverPid) {
      console.log('server:       idle heap ' + f0(idle.heap) + ' MB, ' + idle.threads + ' threads; playing (largest, every 5 s): heap '
        + f0(heapPeak) + ' MB, ' + threadsPeak + ' threads, ' + socketsPeak + ' sockets; after the clients left (after a full GC, '
        + report.server_sockets_closed_after_s + ' s after the window): heap ' + f0(report.server_after.heap) + ' MB (first look '
        + f0(report.server_after_first_heap_mb) + '), ' + report.server_after.threads + ' threads, RSS ' + report.server_after.rss + ' MB');
      console.log('server cpu:   ' + report.server_cpu_s_in_window + ' s in the window (' + report.server_cores + ' cores), '
        + report.server_cpu_ms_per_move + ' ms a move (heartbeats and polls included); by thread: '
        + JSON.stringify(report.server_cpu_s_by_thread));
    }
    console.log('machine:      load average ' + report.load_at_start + ' at the start, ' + report.load_at_window + ' when the window began, '
      + report.load_at_end + ' at the end');
    const json = JSON.stringify(report);
    console.log(json);
    if (jsonFile) fs.writeFileSync(jsonFile, json + '\n');
    process.exit(0);
  })().catch((e) => { console.error('FAILED: ' + (e && e.stack ? e.stack : e)); for (const w of workers) w.kill(); process.exit(1); });
}
