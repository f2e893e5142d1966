import WebSocket from 'ws';

/** Collects a socket's messages; `next(pred)` waits for the first (new or buffered) one that matches. */
export function client(url: string) {
  const ws = new WebSocket(url);
  const inbox: any[] = [];
  const waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString());
    const i = waiters.findIndex((w) => w.pred(m));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(m);
    else inbox.push(m);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    opened,
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    drain: () => inbox.splice(0),
    next(pred: (m: any) => boolean, ms = 5000): Promise<any> {
      const i = inbox.findIndex(pred);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching message')), ms);
        waiters.push({
          pred,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}

/** A client that has opened and authenticated with `token` (its `auth` reply already read). */
export async function authedClient(url: string, token: string) {
  const c = client(url);
  await c.opened;
  c.send({ op: 'auth', token });
  await c.next((m) => m.type === 'auth');
  return c;
}
