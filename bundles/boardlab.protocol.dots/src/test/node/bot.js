// A seed-002 bot on the npm faye client, as the original's bots were written: HTTP for accounts,
// Bayeux (long-polling only) for the lobby and the game. Used by the tests and by the tutorial.
'use strict';

const http = require('http');
const { URL } = require('url');

function request(base, method, path, params) {
  const body = new URLSearchParams(params).toString();
  const url = new URL(method === 'GET' ? path + '?' + body : path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': Buffer.byteLength(body) } : {},
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'] || '', text }));
    });
    req.on('error', reject);
    if (method === 'POST') req.write(body);
    req.end();
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

class Bot {
  constructor(Faye, base, name, password) {
    this.Faye = Faye;
    this.base = base;
    this.name = name;
    this.password = password;
    this.inbox = [];
    this.waiters = [];
  }

  async login() {
    await request(this.base, 'POST', '/register', { name: this.name, password: this.password });
    const r = await request(this.base, 'POST', '/auth', { name: this.name, password: this.password });
    if (r.status !== 200) throw new Error(this.name + ': /auth answered ' + r.status + ' ' + r.text);
    const a = JSON.parse(r.text);
    this.id = a.id;
    this.token = a.token;
    this.client = new this.Faye.Client(this.base + '/game', { timeout: 45 });
    if (!Bot.websocket) {
      this.client.disable('websocket'); // long-polling, as the original's bots
    }
    this.client.disable('eventsource');
    const bot = this;
    this.client.addExtension({
      outgoing(message, callback) {
        if (message.channel.indexOf('/meta/') !== 0 || message.channel === '/meta/subscribe'
            || message.channel === '/meta/disconnect') {
          message.auth = { id: bot.id, token: bot.token };
        }
        callback(message);
      },
    });
  }

  async subscribe(channel) {
    const sub = this.client.subscribe(channel, (data) => this.deliver(channel, data));
    await new Promise((resolve, reject) => sub.then(resolve, reject));
  }

  deliver(channel, data) {
    const m = { channel, data, at: process.hrtime.bigint() };
    this.inbox.push(m);
    for (const w of this.waiters.slice()) {
      if (w.test(m)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  }

  /** The first delivered message (already received or to come) that passes test, within ms. */
  expect(test, ms = 10000, what = 'a message') {
    const found = this.inbox.find(test);
    if (found) {
      this.inbox.splice(this.inbox.indexOf(found), 1);
      return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const w = { test, resolve: (m) => { clearTimeout(t); this.inbox.splice(this.inbox.indexOf(m), 1); resolve(m); } };
      const t = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        reject(new Error(this.name + ' waited ' + ms + ' ms for ' + what));
      }, ms);
      this.waiters.push(w);
    });
  }

  /** Publishes; resolves to null, or to the server's error text ("406::Point is busy"). */
  publish(channel, data) {
    return new Promise((resolve) => {
      this.client.publish(channel, data).then(() => resolve(null), (e) => resolve(e && e.code !== undefined ? e.code + ':' + (e.params || []).join(',') + ':' + e.message : String(e)));
    });
  }

  /** Publishes, retrying while the server says the user's last request still stands. */
  async publishRetrying(channel, data, ms = 30000) {
    const until = Date.now() + ms;
    for (;;) {
      const e = await this.publish(channel, data);
      if (e === null || e.indexOf('Already exists') < 0 || Date.now() > until) return e;
      await sleep(250);
    }
  }

  heartbeat(channel) {
    return this.publish(channel, { type: 'heartbeat' });
  }

  close() {
    return new Promise((resolve) => { this.client.disconnect(); setTimeout(resolve, 50); });
  }
}

Bot.websocket = false;

/** The transport the client ended up on ("long-polling", "websocket"). */
Bot.prototype.transport = function transport() {
  const t = (this.client._dispatcher && this.client._dispatcher._transport) || this.client._transport; // faye 1.4, 1.0
  return t ? t.connectionType : 'unknown';
};

module.exports = { Bot, request, sleep };
