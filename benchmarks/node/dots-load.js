// Load generator for boardlab's Dots web server (seed 002): G games at once, 2G Bayeux clients on the npm faye
// client over long-polling (one Node.js process), each pair inviting, accepting and playing random free points
// with a think time. Measures, wire to wire, the time from a move's publish to the opponent's receipt of it
// (both ends in this process, one clock), and counts moves accepted but never delivered to the opponent.
//
//   NODE_PATH=bundles/boardlab.protocol.dots/src/test/node/node_modules \
//   node benchmarks/node/dots-load.js --url http://127.0.0.1:8888 --games 500 --seconds 60 --warmup 20 \
//        --think-ms 500-1500 [--server-pid PID [--clock-ticks 100]]
'use strict';

const http = require('http');
const fs = require('fs');
const Faye = require('faye');

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : dflt; };
const base = opt('url', 'http://127.0.0.1:8888');
const games = parseInt(opt('games', '500'), 10);
const seconds = parseInt(opt('seconds', '60'), 10);
const warmup = parseInt(opt('warmup', '20'), 10);
const [thinkMin, thinkMax] = opt('think-ms', '500-1500').split('-').map(Number);
const serverPid = opt('server-pid', null);
const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
const accountsFile = opt('accounts', null);
// logins are expensive on purpose (the store's PBKDF2, 210,000 iterations): --accounts FILE keeps the ids and
// tokens of one setup for later runs against the same server (tokens live while it runs)
const saved = accountsFile && fs.existsSync(accountsFile) ? JSON.parse(fs.readFileSync(accountsFile, 'utf8')) : {};
const stamp = opt('prefix', Date.now().toString(36));
const W = 39, H = 32;

function call(method, path, params) {
  const q = new URLSearchParams(params).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(base + path + (method === 'GET' ? '?' + q : ''), { method, agent,
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => Number(process.hrtime.bigint()) / 1e6;
let measuring = false;
const latencies = [];
const errorTexts = {};
let accepted = 0, delivered = 0, refusedBusy = 0, errors = 0, gamesStarted = 0, gamesOver = 0;
const pending = new Map(); // "channel x y" -> publish time (accepted moves not yet seen by the opponent)

async function account(name) {
  let a = saved[name];
  if (!a) {
    await call('POST', '/register', { name, password: 'secret-' + name });
    const r = await call('POST', '/auth', { name, password: 'secret-' + name });
    if (r.status !== 200) throw new Error('auth ' + name + ': ' + r.status + ' ' + r.body);
    a = JSON.parse(r.body);
    saved[name] = a;
  }
  const client = new Faye.Client(base + '/game', { timeout: 45, retry: 2 });
  client.disable('websocket');
  client.disable('eventsource');
  client.addExtension({ outgoing(m, cb) {
    if (m.channel.indexOf('/meta/') !== 0 || m.channel === '/meta/subscribe') m.auth = { id: a.id, token: a.token };
    cb(m);
  } });
  return { name, id: a.id, token: a.token, client };
}

function publish(bot, channel, data) {
  return new Promise((resolve) => bot.client.publish(channel, data).then(() => resolve(null),
    (e) => resolve(e && e.code !== undefined ? e.code + '::' + e.message : String(e))));
}

async function pair(n) {
  const a = await account('la' + stamp + n);
  const b = await account('lb' + stamp + n);
  let resolveGame;
  const gotGame = new Promise((r) => { resolveGame = r; });
  const onQueue = (m) => { if (m.type === 'newgame' && m.player_1 === a.id) resolveGame(m.channel); };
  const subA = a.client.subscribe('/game/queue', onQueue);
  const subB = b.client.subscribe('/game/queue', () => {});
  await subA; await subB;
  await publish(a, '/game/queue', { type: 'heartbeat' });
  await publish(b, '/game/queue', { type: 'heartbeat' });
  const e1 = await publish(a, '/game/queue', { type: 'request', target: b.id });
  const e2 = await publish(b, '/game/queue', { type: 'accept', target: a.id });
  if (e1 || e2) throw new Error('pairing ' + n + ': ' + e1 + ' ' + e2);
  const channel = '/game/' + await gotGame;
  subA.cancel(); subB.cancel();
  await publish(a, '/game/queue', { type: 'quit' });
  await publish(b, '/game/queue', { type: 'quit' });
  const g = { channel, bots: { 1: a, 2: b }, turn: 1, color: [], captured: [], over: false };
  for (let x = 0; x < H; x++) { g.color.push(new Array(W).fill(0)); g.captured.push(new Array(W).fill(0)); }
  for (const p of [1, 2]) {
    const bot = g.bots[p];
    await bot.client.subscribe(channel, (m) => onGame(g, p, m));
  }
  // play at once: a game silent for 10 s is lost by the silent side
  g.beat = setInterval(() => { if (!g.over) for (const q of [1, 2]) publish(g.bots[q], g.channel, { type: 'heartbeat' }); }, 4000);
  setTimeout(() => move(g, 1), Math.random() * thinkMax);
  return g;
}

function onGame(g, p, m) {
  if (m.type === 'move') {
    if (m.player !== p) { // the opponent's move reached this player: the figure measured
      const key = g.channel + ' ' + m.point.x + ' ' + m.point.y;
      const sent = pending.get(key);
      if (sent !== undefined) {
        pending.delete(key);
        delivered++;
        if (measuring) latencies.push(now() - sent);
      }
      g.color[m.point.x][m.point.y] = m.player;
      g.captured = m.captured;
      g.turn = p;
      setTimeout(() => move(g, p), thinkMin + Math.random() * (thinkMax - thinkMin));
    }
  } else if (m.type === 'gameover' && !g.over) {
    g.over = true;
    gamesOver++;
  }
}

async function move(g, p) {
  if (g.over || g.turn !== p || stopping) return;
  const free = [];
  for (let x = 0; x < H; x++) for (let y = 0; y < W; y++) if (!g.color[x][y] && !g.captured[x][y]) free.push([x, y]);
  if (free.length === 0) return;
  const [x, y] = free[Math.floor(Math.random() * free.length)];
  const key = g.channel + ' ' + x + ' ' + y;
  pending.set(key, now());
  const e = await publish(g.bots[p], g.channel, { type: 'move', point: { x, y } });
  if (e === null) {
    accepted++;
    g.color[x][y] = p;
    g.turn = 3 - p;
  } else {
    pending.delete(key);
    if (e.indexOf('Point is busy') >= 0) { refusedBusy++; g.captured[x][y] = 3 - p; move(g, p); } else { errors++; errorTexts[e] = (errorTexts[e] || 0) + 1; }
  }
}

let stopping = false;

// the server's CPU time so far (user + system, /proc/PID/stat fields 14 and 15), in ms; null without --server-pid
function serverCpuMs() {
  if (!serverPid) return null;
  try {
    const stat = fs.readFileSync('/proc/' + serverPid + '/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 on (the name may hold spaces)
    const ticks = Number(f[11]) + Number(f[12]);
    const hz = Number(opt('clock-ticks', '100')); // getconf CLK_TCK
    return ticks * 1000 / hz;
  } catch (e) { return null; }
}

function serverLine() {
  if (!serverPid) return '';
  try {
    const stat = fs.readFileSync('/proc/' + serverPid + '/status', 'utf8');
    const rss = /VmRSS:\s+(\d+)/.exec(stat)[1];
    const threads = /Threads:\s+(\d+)/.exec(stat)[1];
    return ' server_rss_mb=' + Math.round(rss / 1024) + ' server_threads=' + threads;
  } catch (e) { return ''; }
}

(async () => {
  const t0 = Date.now();
  if (args.includes('--setup-only')) {
    const names = [];
    for (let n = 0; n < games; n++) names.push('la' + stamp + n, 'lb' + stamp + n);
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
  const list = [];
  const concurrency = 20;
  for (let i = 0; i < games; i += concurrency) {
    const batch = [];
    for (let k = i; k < Math.min(games, i + concurrency); k++) batch.push(pair(k));
    list.push(...await Promise.all(batch));
  }
  gamesStarted = list.length;
  if (accountsFile) fs.writeFileSync(accountsFile, JSON.stringify(saved));
  console.log('paired ' + list.length + ' games (' + 2 * list.length + ' clients) in ' + ((Date.now() - t0) / 1000).toFixed(1) + ' s');
  await sleep(warmup * 1000);
  measuring = true;
  const acceptedAtStart = accepted;
  const cpuAtStart = serverCpuMs();
  await sleep(seconds * 1000);
  measuring = false;
  stopping = true;
  const acceptedInWindow = accepted - acceptedAtStart;
  const cpuInWindow = cpuAtStart === null ? null : serverCpuMs() - cpuAtStart;
  await sleep(5000); // let the last moves arrive
  for (const g of list) clearInterval(g.beat);
  latencies.sort((a, b) => a - b);
  const q = (f) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))].toFixed(1) : 'n/a';
  console.log(JSON.stringify({ games: gamesStarted, clients: 2 * gamesStarted, seconds, think_ms: [thinkMin, thinkMax],
    moves_accepted_in_window: acceptedInWindow, moves_per_s: +(acceptedInWindow / seconds).toFixed(1),
    measured: latencies.length, p50_ms: +q(0.5), p90_ms: +q(0.9), p99_ms: +q(0.99), max_ms: +q(1),
    accepted_total: accepted, delivered_total: delivered, lost: accepted - delivered, refused_busy: refusedBusy,
    other_errors: errors, games_over: gamesOver, error_texts: errorTexts,
    // everything the server did in the window (moves, heartbeats, long polls) per move accepted: a figure the
    // machine's other load changes far less than the latencies
    server_cpu_ms_per_move: cpuInWindow === null ? null : +(cpuInWindow / acceptedInWindow).toFixed(3) }));
  console.log('server:' + serverLine());
  process.exit(0);
})().catch((e) => { console.error('FAILED: ' + (e && e.stack ? e.stack : e)); process.exit(1); });
