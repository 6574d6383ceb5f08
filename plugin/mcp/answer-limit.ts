// How much a server may send in one answer before drift stops reading: an HTTP or SSE body that never
// ends, or a stdout line without a newline, fails the listing at once instead of filling the memory.
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** One HTTP response body (an SSE stream carries every answer of a listing): far more than any tool list needs. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** One JSON-RPC line on stdout (the SDK's own stdio limit). */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;

const mib = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/** The server sent more than a limit allows; the listing ends with this. */
export class AnswerTooLarge extends Error {
  override name = 'AnswerTooLarge';
  constructor(
    readonly limit: number,
    what: string,
  ) {
    super(
      `the server sent more than ${mib(limit)} ${what}, more than any tool list needs; drift stopped reading it`,
    );
  }
}

/** Statuses whose responses have no body (a Response with one cannot be built). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` with every response body counted as it is read: past `limit` bytes the body fails with an
 * `AnswerTooLarge`, the connection is dropped (the server sees it closed) and `onTooLarge` is told,
 * so the listing can end at once rather than at its deadline.
 */
export function limitedFetch(
  onTooLarge: (error: AnswerTooLarge) => void,
  limit = MAX_BODY_BYTES,
): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (!response.body || NO_BODY.has(response.status)) return response;
    const reader = response.body.getReader();
    let seen = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          seen += value.byteLength;
          if (seen <= limit) return controller.enqueue(value);
          const error = new AnswerTooLarge(limit, 'in one HTTP response');
          controller.error(error);
          onTooLarge(error);
          await reader.cancel(error).catch(() => {});
        } catch (error) {
          controller.error(error);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const limited = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // The SDK reads where a response came from (redirects within the origin): keep what fetch said.
    Object.defineProperty(limited, 'url', { value: response.url });
    Object.defineProperty(limited, 'redirected', { value: response.redirected });
    return limited;
  };
}
