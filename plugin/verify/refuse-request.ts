// How the fake Messages API turns a request away (an unknown run, a body over the size limit): an API
// error at once, and the connection closed only when the request's body has ended (what still comes
// is dropped), or soon after. A connection closed while the client is still sending is reset, and the
// reset can overtake the answer: the client would see a broken connection instead of the refusal.
import type http from 'node:http';

/** How long a refused request may go on sending after the answer before its connection is closed. */
const LINGER_MS = 2_000;

export function refuseRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  error: { readonly type: string; readonly message: string },
): void {
  const body = JSON.stringify({ type: 'error', error });
  // The whole answer goes out now (its length is given); ending the response closes the connection.
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.write(body);
  const close = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on('end', close);
  req.on('error', close);
  req.resume();
  if (req.complete) close();
}
