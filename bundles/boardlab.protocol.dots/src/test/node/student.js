// A seed-002 client as a student would write one on the npm faye client: it logs in (registering
// its name first), stays in the lobby with a heartbeat every second, accepts every invitation, plays
// random free points on its turn (another when a move is refused), declines every offer, and goes
// back to the lobby after each game. It runs until it is stopped. Used by DotsClientKitTest as the
// client under test of the Dots client kit. Usage:
//   node student.js BASE_URL NAME PASSWORD [FAYE_MODULE]
'use strict';

const { Bot } = require('./bot');

const [base, name, password, fayeModule] = process.argv.slice(2);
const Faye = require(fayeModule || 'faye');
const W = 39;
const H = 32;
const BEAT_MS = 1000;

function log(...words) {
  console.log(new Date().toISOString(), ...words);
}

async function main() {
  const bot = new Bot(Faye, base, name, password);
  await bot.login();
  log('logged in as', name, 'id', bot.id);
  let game = null;

  const home = () => (game ? game.channel : '/game/queue');
  setInterval(() => bot.heartbeat(home()), BEAT_MS);

  function freePoint() {
    const free = [];
    for (let x = 0; x < H; x++) for (let y = 0; y < W; y++) if (!game.color[x][y] && !game.captured[x][y]) free.push([x, y]);
    return free[Math.floor(Math.random() * free.length)];
  }

  async function maybeMove() {
    const g = game;
    if (!g || g.over || g.pending || g.moves % 2 + 1 !== g.me) return;
    const [x, y] = freePoint();
    g.pending = true;
    const e = await bot.publish(g.channel, { type: 'move', point: { x, y } });
    if (e !== null && game === g) {
      log('move', x, y, 'refused:', e);
      g.pending = false;
      setTimeout(maybeMove, 100);
    }
  }

  function onGame(g, data) {
    if (game !== g) return;
    switch (data.type) {
      case 'move': {
        g.color[data.point.x][data.point.y] = data.player;
        if (Array.isArray(data.captured)) g.captured = data.captured;
        g.moves++;
        if (data.player === g.me) g.pending = false;
        maybeMove();
        break;
      }
      case 'request':
        if (data.player !== g.me) bot.publish(g.channel, { type: 'decline', init: data.player, target: g.me });
        break;
      case 'gameover':
        log('game over:', JSON.stringify(data));
        g.over = true;
        game = null; // the game's channel is no longer listened to
        bot.heartbeat('/game/queue');
        break;
      default:
    }
  }

  await bot.subscribe('/game/queue');
  bot.heartbeat('/game/queue');
  bot.deliver = (channel, data) => {
    if (channel === '/game/queue') {
      if (data.type === 'request' && data.target === bot.id && !game) {
        bot.publish('/game/queue', { type: 'accept', target: data.id });
      } else if (data.type === 'newgame' && (data.player_1 === bot.id || data.player_2 === bot.id) && !game) {
        const g = {
          channel: '/game/' + data.channel,
          me: data.player_1 === bot.id ? 1 : 2,
          color: Array.from({ length: H }, () => new Array(W).fill(0)),
          captured: Array.from({ length: H }, () => new Array(W).fill(0)),
          moves: 0,
          pending: false,
          over: false,
        };
        game = g;
        log('game', g.channel, 'as player', g.me);
        bot.publish('/game/queue', { type: 'quit' });
        bot.heartbeat(g.channel);
        bot.client.subscribe(g.channel, (d) => onGame(g, d)).then(() => maybeMove());
      }
    }
  };
}

main().catch((e) => {
  log('failed:', e && e.stack ? e.stack : e);
  process.exit(1);
});
