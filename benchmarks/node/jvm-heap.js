// The used heap in MB that `jcmd PID GC.heap_info` prints: the sum of its top-level "used" figures before Metaspace
// (as the Java generators' ServerProbe.heapUsedMb reads it), or -1 if it names none. Shared by dots-load.js and
// ws-sockets.js.
'use strict';

exports.usedHeapMb = (text) => {
  let mb = 0, found = false;
  for (const line of text.split('\n')) {
    if (line.trim().startsWith('Metaspace')) break;
    if (line.startsWith('  ')) continue;
    const m = /used (\d+)([KMG])\b|(\d+)([KMG]) used\b/.exec(line);
    if (m) {
      const amount = Number(m[1] || m[3]), unit = m[2] || m[4];
      mb += unit === 'K' ? amount / 1024 : unit === 'M' ? amount : amount * 1024;
      found = true;
    }
  }
  return found ? mb : -1;
};
