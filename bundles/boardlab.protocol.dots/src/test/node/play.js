// Plays complete games of seed 002's Dots between pairs of faye bots over long-polling and checks
// what the seed's clients rely on. Usage:
//   node play.js BASE_URL FAYE_MODULE GAMES [--full]
// e.g. node play.js http://127.0.0.1:8888 faye-103 2 --full   (--websocket: let faye use WebSocket)
// Prints one JSON line per game and "OK n games" at the end; exits 1 with the reason on any failure.
'use strict';

const { Bot, request, sleep } = require('./bot');

const [base, fayeModule, gamesArg] = process.argv.slice(2);
const full = process.argv.includes('--full');
Bot.websocket = process.argv.includes('--websocket');
const Faye = require(fayeModule || 'faye');
const games = parseInt(gamesArg || '1', 10);
const W = 39;
const H = 32;

function check(cond, why) {
  if (!cond) throw new Error(why);
}

async function lobby(a, b) {
  for (const bot of [a, b]) {
    await bot.subscribe('/game/queue');
    check((await bot.heartbeat('/game/queue')) === null, bot.name + ': heartbeat refused');
  }
  const hb = await a.expect((m) => m.data.type === 'heartbeat' && m.data.id === b.id, 10000, "b's heartbeat");
  check(hb.data.name === b.name && typeof hb.data.rating === 'string', 'heartbeat without name/rating: ' + JSON.stringify(hb.data));
  const q = JSON.parse((await request(base, 'GET', '/queue', { id: a.id, token: a.token })).text);
  check(q.queue.some((p) => p.id === b.id && p.name === b.name), 'b is not in /queue: ' + JSON.stringify(q));
  check(!q.queue.some((p) => p.id === a.id), '/queue lists the caller');
  check((await a.publishRetrying('/game/queue', { type: 'request', target: b.id })) === null, 'invitation refused');
  const inv = await b.expect((m) => m.data.type === 'request' && m.data.target === b.id, 10000, 'the invitation');
  check(inv.data.id === a.id && inv.data.user.name === a.name, 'invitation without inviter: ' + JSON.stringify(inv.data));
  check((await b.publish('/game/queue', { type: 'accept', target: a.id })) === null, 'accept refused');
  const ng = await a.expect((m) => m.data.type === 'newgame' && m.data.player_1 === a.id, 10000, 'newgame');
  check(/^[a-f0-9]{10}$/.test(ng.data.channel) && ng.data.player_2 === b.id && ng.data.id === 0, 'bad newgame ' + JSON.stringify(ng.data));
  await b.expect((m) => m.data.type === 'newgame' && m.data.channel === ng.data.channel, 10000, 'newgame for b');
  for (const bot of [a, b]) {
    await bot.publish('/game/queue', { type: 'quit' });
  }
  return '/game/' + ng.data.channel;
}

function freePoints(color, captured) {
  const free = [];
  for (let x = 0; x < H; x++) for (let y = 0; y < W; y++) if (!color[x][y] && !captured[x][y]) free.push([x, y]);
  return free;
}

async function playGame(a, b, n) {
  const channel = await lobby(a, b);
  const gd = JSON.parse((await request(base, 'GET', '/gamedata', { id: b.id, token: b.token, channel: channel.substring(6) })).text);
  check(gd.current_player === '1' && gd.player_1 === a.id && typeof gd.field === 'string', 'bad /gamedata ' + JSON.stringify(gd).slice(0, 200));
  const field = JSON.parse(gd.field);
  check(field.width === W && field.height === H && field.color.length === H && field.color[0].length === W, 'bad field');
  for (const bot of [a, b]) await bot.subscribe(channel);
  const players = { 1: a, 2: b };
  let color = field.color;
  let captured = field.captured;
  let score = [0, 0, 0];
  let turn = 1;
  const beat = setInterval(() => { a.heartbeat(channel); b.heartbeat(channel); }, 2000);
  let moves = 0;
  let refusals = 0;
  const latencies = [];
  try {
    // the seed's capture: player 2 at (6,6) inside player 1's (5,6),(6,5),(7,6),(6,7)
    const opening = [[1, 5, 6], [2, 6, 6], [1, 6, 5], [2, 0, 0], [1, 7, 6], [2, 0, 2], [1, 6, 7]];
    // out of turn and on a busy point: refused, to the sender only
    const oot = await b.publish(channel, { type: 'move', point: { x: 1, y: 1 } });
    check(oot === '406::Not allowed', 'b moved out of turn: ' + oot);
    for (const [p, x, y] of opening) {
      const sent = process.hrtime.bigint();
      check((await players[p].publish(channel, { type: 'move', point: { x, y } })) === null, 'opening move refused');
      const other = players[3 - p];
      const mv = await other.expect((m) => m.channel === channel && m.data.type === 'move' && m.data.point.x === x && m.data.point.y === y);
      latencies.push(Number(mv.at - sent) / 1e6);
      check(mv.data.player === p && mv.data.id === players[p].id, 'move without player/id: ' + JSON.stringify(mv.data).slice(0, 150) + ' p=' + p);
      color[x][y] = p;
      captured = mv.data.captured;
      score = mv.data.score;
      turn = 3 - turn;
      moves++;
    }
    check(score[1] === 1 && score[2] === 0, 'the capture did not score: ' + JSON.stringify(score));
    check(captured[6][6] === 1 && captured[5][6] === 1, 'captured matrix wrong');
    const z = (await a.expect(() => false, 1).catch(() => null));
    check((await b.publish(channel, { type: 'move', point: { x: 6, y: 6 } })) === '406::Point is busy', 'a busy point was taken');
    check((await b.publish(channel, { type: 'move', point: { x: 40, y: 3 } })) === '400::Bad request', 'a point off the board was taken');

    if (!full) {
      // player 2 offers a draw; player 1 declines; player 1 offers to end at the score; player 2 accepts
      check((await b.publishRetrying(channel, { type: 'request', requestType: 'draw' })) === null, 'draw offer refused');
      await a.expect((m) => m.data.type === 'request' && m.data.requestType === 'draw' && m.data.player === 2, 10000, 'the draw offer');
      check((await a.publish(channel, { type: 'decline', init: 2, target: 1 })) === null, 'decline refused');
      await b.expect((m) => m.data.type === 'decline' && m.data.init === 2, 10000, 'the decline');
      check((await a.publishRetrying(channel, { type: 'request', requestType: 'surrender' })) === null, 'surrender offer refused');
      await b.expect((m) => m.data.type === 'request' && m.data.requestType === 'surrender', 10000, 'the offer to stop');
      check((await b.publish(channel, { type: 'accept', requestType: 'surrender' })) === null, 'accept refused');
    } else {
      // random moves until the board is full; every refusal must be a busy point we could not know of
      for (;;) {
        const free = freePoints(color, captured);
        if (free.length === 0) break;
        const [x, y] = free[Math.floor(Math.random() * free.length)];
        const mover = players[turn];
        const sent = process.hrtime.bigint();
        const e = await mover.publish(channel, { type: 'move', point: { x, y } });
        if (e !== null) {
          refusals++;
          check(e === '406::Point is busy', 'unexpected refusal ' + e);
          captured[x][y] = captured[x][y] || 3 - turn; // a dot into the other's enclosure: it is theirs now
          continue;
        }
        const mv = await players[3 - turn].expect((m) => m.data.type === 'move' && m.data.point.x === x && m.data.point.y === y);
        latencies.push(Number(mv.at - sent) / 1e6);
        color[x][y] = turn;
        captured = mv.data.captured;
        score = mv.data.score;
        turn = 3 - turn;
        moves++;
      }
    }
    const over = await a.expect((m) => m.data.type === 'gameover', 20000, 'gameover');
    await b.expect((m) => m.data.type === 'gameover', 20000, 'gameover for b');
    check(over.data.score_1 === String(score[1]) && over.data.score_2 === String(score[2]), 'gameover scores ' + JSON.stringify(over.data) + ' vs ' + JSON.stringify(score));
    const expectWinner = score[1] > score[2] ? 1 : score[1] < score[2] ? 2 : 0;
    check(over.data.winner === expectWinner, 'winner ' + over.data.winner + ' for ' + JSON.stringify(score));
    check((await a.publish(channel, { type: 'quit' })) === '404::Game not found', 'a finished game took a message');
    latencies.sort((p, q) => p - q);
    console.log(JSON.stringify({ game: n, channel, transport: a.transport(), moves, refusals, score, winner: over.data.winner,
      p50_ms: latencies[Math.floor(latencies.length / 2)], max_ms: latencies[latencies.length - 1] }));
  } finally {
    clearInterval(beat);
  }
}

(async () => {
  const stamp = Date.now().toString(36);
  for (let n = 1; n <= games; n++) {
    const a = new Bot(Faye, base, 'ann' + stamp + n, 'secret-' + n);
    const b = new Bot(Faye, base, 'bob' + stamp + n, 'secret-' + n);
    await a.login();
    await b.login();
    await playGame(a, b, n);
    const q = JSON.parse((await request(base, 'GET', '/queue', { id: a.id, token: a.token })).text);
    await a.close();
    await b.close();
  }
  console.log('OK ' + games + ' games');
  process.exit(0);
})().catch((e) => {
  console.error('FAILED: ' + (e && e.stack ? e.stack : e));
  process.exit(1);
});
