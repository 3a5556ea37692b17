// What N open WebSockets cost a Dots server (seed 002) in memory: opens N sockets to ws://HOST:PORT/game as a browser
// does (with Chromium's offer "permessage-deflate; client_max_window_bits" unless --no-offer), shakes hands with Bayeux
// on each (the server's answer is each socket's first message: a compressing server takes its deflater then), holds
// them all, and reads the server's resident memory (RSS, /proc) and used heap (jcmd GC.heap_info after a full GC)
// before and with the sockets open; then closes them. It says whether the server agreed to compress (its answer's
// Sec-WebSocket-Extensions, and the RSV1 bit of its frames).
//
//   node benchmarks/node/ws-sockets.js --url http://127.0.0.1:8888 --server-pid PID [--sockets 2000] [--no-offer]
//        [--at-once 50] [--hold-s 5]
'use strict';

const net = require('net');
const fs = require('fs');
const cp = require('child_process');
const crypto = require('crypto');
const { usedHeapMb } = require('./jvm-heap');

const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf('--' + name); return i >= 0 ? args[i + 1] : dflt; };
const url = new URL(opt('url', 'http://127.0.0.1:8888'));
const pid = opt('server-pid', null);
const n = parseInt(opt('sockets', '2000'), 10);
const atOnce = parseInt(opt('at-once', '50'), 10);
const holdMs = 1000 * parseFloat(opt('hold-s', '5'));
const offer = !args.includes('--no-offer');
if (!pid || !(n > 0) || !(atOnce > 0)) { console.error('--server-pid PID is needed; --sockets and --at-once are positive numbers'); process.exit(2); }

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync('/proc/' + pid + '/status', 'utf8'))[1]) / 1024;
// the used heap in MB of GC.heap_info after a full GC (jvm-heap.js, as dots-load.js reads it; 0 if it names none)
const heapMb = () => {
  cp.execFileSync('jcmd', [pid, 'GC.run'], { encoding: 'utf8' });
  return Math.max(0, usedHeapMb(cp.execFileSync('jcmd', [pid, 'GC.heap_info'], { encoding: 'utf8' })));
};

function frame(text) {
  const payload = Buffer.from(text, 'utf8');
  if (payload.length >= 126) throw new Error('a short frame only');
  const mask = crypto.randomBytes(4);
  const out = Buffer.alloc(6 + payload.length);
  out[0] = 0x81;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i] ^ mask[i & 3];
  return out;
}

const handshake = frame('[{"channel":"/meta/handshake","version":"1.0","supportedConnectionTypes":["websocket"],"id":"1"}]');
let agreed = 0, compressed = 0;

function open() {
  return new Promise((resolve, reject) => {
    const s = net.connect(Number(url.port), url.hostname);
    let got = Buffer.alloc(0), upgraded = false;
    s.on('connect', () => {
      s.write('GET /game HTTP/1.1\r\nHost: ' + url.host + '\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n'
        + 'Sec-WebSocket-Key: ' + crypto.randomBytes(16).toString('base64') + '\r\nSec-WebSocket-Version: 13\r\nOrigin: ' + url.origin + '\r\n'
        + (offer ? 'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n' : '') + '\r\n');
    });
    s.on('data', (d) => {
      got = Buffer.concat([got, d]);
      if (!upgraded) {
        const end = got.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = got.slice(0, end).toString('latin1');
        if (!head.startsWith('HTTP/1.1 101')) { reject(new Error('no upgrade: ' + head.split('\r\n')[0])); s.destroy(); return; }
        if (/^sec-websocket-extensions:.*permessage-deflate/im.test(head)) agreed++;
        upgraded = true;
        got = got.slice(end + 4);
        s.write(handshake);
      }
      if (got.length >= 2) { // the first frame of the answer
        if (got[0] & 0x40) compressed++;
        got = Buffer.alloc(0);
        s.removeAllListeners('data');
        s.on('data', () => {});
        resolve(s);
      }
    });
    s.on('error', reject);
  });
}

(async () => {
  const heap0 = heapMb(), rss0 = rssMb();
  const sockets = [];
  let next = 0;
  const t0 = Date.now();
  await Promise.all(Array.from({ length: atOnce }, async () => {
    while (next < n) { next++; sockets.push(await open()); }
  }));
  await new Promise((r) => setTimeout(r, holdMs));
  const heap1 = heapMb(), rss1 = rssMb();
  console.log(n + ' WebSockets ' + (offer ? 'offering permessage-deflate' : 'offering no extension') + ', open after '
    + ((Date.now() - t0) / 1000).toFixed(1) + ' s; the server agreed to compress on ' + agreed + ', its first frame compressed on ' + compressed);
  console.log('server RSS ' + rss0.toFixed(0) + ' -> ' + rss1.toFixed(0) + ' MB (' + ((rss1 - rss0) * 1024 / n).toFixed(1) + ' KB a socket); '
    + 'heap after a full GC ' + heap0.toFixed(0) + ' -> ' + heap1.toFixed(0) + ' MB (' + ((heap1 - heap0) * 1024 / n).toFixed(1) + ' KB a socket); '
    + 'outside the heap: ' + (((rss1 - rss0) - (heap1 - heap0)) * 1024 / n).toFixed(1) + ' KB a socket');
  for (const s of sockets) s.destroy();
  setTimeout(() => process.exit(0), 500);
})().catch((e) => { console.error('FAILED: ' + (e && e.stack || e)); process.exit(1); });
