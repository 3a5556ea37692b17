// Tutorial 04: a Dots bot for boardlab's seed-002 server, in JavaScript with the npm faye client.
//
//   node bot.js http://127.0.0.1:8888 NAME PASSWORD [--invite OTHER_NAME]
//
// It registers (or logs in), waits in the lobby, accepts every invitation (or invites OTHER_NAME),
// plays random free points until the game is over, prints the result, and exits.
'use strict';

const http = require('http');
const Faye = require('faye');

const [base, name, password] = process.argv.slice(2);
const inviteIndex = process.argv.indexOf('--invite');
const invite = inviteIndex > 0 ? process.argv[inviteIndex + 1] : null;
const W = 39, H = 32; // the board: 39 columns (the wire's y), 32 rows (the wire's x)

// 1. HTTP: a form POST or a GET with a query string; answers are text or JSON
function call(method, path, params) {
  const query = new URLSearchParams(params).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(base + path + (method === 'GET' ? '?' + query : ''), {
      method,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    }, (res) => {
      let body = '';
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    if (method === 'POST') req.write(query);
    req.end();
  });
}

async function main() {
  // 2. an account: register (406 "Already exists" is fine the second time), then log in
  await call('POST', '/register', { name, password });
  const login = await call('POST', '/auth', { name, password });
  if (login.status !== 200) throw new Error('login failed: ' + login.status + ' ' + login.body);
  const me = JSON.parse(login.body); // {"id":"7","token":"..."}: the id is a string

  // 3. Bayeux: every message we publish or subscribe with carries auth {id, token} at top level
  const client = new Faye.Client(base + '/game', { timeout: 45 });
  client.addExtension({
    outgoing(message, callback) {
      if (!message.channel.startsWith('/meta/') || message.channel === '/meta/subscribe') {
        message.auth = { id: me.id, token: me.token };
      }
      callback(message);
    },
  });

  // 4. the lobby: say we are here every 5 s; invite or accept
  let game = null;
  const lobby = client.subscribe('/game/queue', (m) => {
    if (m.type === 'request' && m.target === me.id && !invite) {
      client.publish('/game/queue', { type: 'accept', target: m.id });
    }
    if (m.type === 'heartbeat' && invite && m.name === invite && !game) {
      client.publish('/game/queue', { type: 'request', target: m.id }).then(null, () => {}); // refused within 15 s: fine
    }
    if (m.type === 'newgame' && (m.player_1 === me.id || m.player_2 === me.id) && !game) {
      play(m.channel, m.player_1 === me.id ? 1 : 2);
    }
  });
  await lobby;
  const beat = setInterval(() => client.publish('/game/queue', { type: 'heartbeat' }), 5000);
  client.publish('/game/queue', { type: 'heartbeat' });

  // 5. a game: the server is the referee; we only keep the board to choose free points.
  //    Subscribe first, then read the board: a move made in between is not lost (it is in the board,
  //    or it arrives after it; a move already on the board is skipped).
  async function play(channel, me12) {
    clearInterval(beat);
    client.publish('/game/queue', { type: 'quit' });
    game = { channel: '/game/' + channel, me: me12, early: [] };
    const heartbeat = setInterval(() => client.publish(game.channel, { type: 'heartbeat' }), 5000);
    await client.subscribe(game.channel, (m) => {
      if (!game.color) { game.early.push(m); return; }
      seen(m);
    });
    const data = JSON.parse((await call('GET', '/gamedata', { id: me.id, token: me.token, channel })).body);
    const field = JSON.parse(data.field); // a JSON text inside the JSON
    Object.assign(game, { turn: Number(data.current_player), color: field.color, captured: field.captured });
    game.early.forEach(seen);
    if (game.turn === game.me) move();

    function seen(m) {
      if (m.type === 'move' && game.color[m.point.x][m.point.y] !== m.player) {
        // every move, ours too, comes back with the zones, the captured points and the score
        game.color[m.point.x][m.point.y] = m.player;
        game.captured = m.captured;
        game.turn = 3 - m.player;
        if (game.turn === game.me) move();
      }
      if (m.type === 'gameover') {
        const result = m.winner === 0 ? 'a draw' : m.winner === game.me ? 'I won' : 'I lost';
        console.log(name + ': ' + result + ' ' + m.score_1 + ':' + m.score_2);
        clearInterval(heartbeat);
        client.disconnect();
        process.exit(0);
      }
    }
  }

  // 6. a move: a random free point; "406::Point is busy" (a point we could not know was taken) -> try another
  function move() {
    const free = [];
    for (let x = 0; x < H; x++) for (let y = 0; y < W; y++) if (!game.color[x][y] && !game.captured[x][y]) free.push({ x, y });
    if (free.length === 0) return;
    const point = free[Math.floor(Math.random() * free.length)];
    client.publish(game.channel, { type: 'move', point }).then(null, (error) => {
      if (String(error.message).indexOf('Point is busy') < 0) return; // not our turn after all: wait for the move
      game.captured[point.x][point.y] = 3 - game.me; // taken: remember it and try another
      move();
    });
  }
}

main().catch((e) => { console.error(name + ': ' + e.message); process.exit(1); });
