// The API client of the simulated users: a keep-alive connection pool per user (a browser keeps up to six per
// origin), the web app's headers (apps/web/src/api/client.ts: bearer token, X-Locale), each request timed from the
// call until its body is read and recorded under its route template.
import { API_BASE, LOCALE_HEADER } from '@atiende/contracts';
import { Pool } from 'undici';
import { now } from './stats.mjs';

const TIMEOUT_MS = 30_000;

export class ApiClient {
  /**
   * `recorder`: where latencies and errors go; `token`: the bearer token (none for the bare route);
   * `connections`: the pool's size.
   */
  constructor(origin, { recorder, token = null, connections = 4 }) {
    this.pool = new Pool(origin, {
      connections,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      keepAliveTimeout: 60_000,
    });
    this.recorder = recorder;
    this.headers = { accept: 'application/json', [LOCALE_HEADER.toLowerCase()]: 'es' };
    if (token) this.headers.authorization = `Bearer ${token}`;
    this.inFlight = 0;
    /** When set, every request is described to it (BENCH_TRACE). */
    this.trace = null;
  }

  /**
   * `label` names the endpoint ("GET /tickets/:id"); `path` is under /api/v2 unless `raw`. Answers
   * `{ status, body }` (the envelope's `result` as `body`), or `{ status: 0 }` when the request failed; failures
   * and unexpected statuses are recorded as errors of the label.
   */
  async call(label, method, path, { query, body, raw = false, expect = [200, 201] } = {}) {
    const search = query
      ? `?${new URLSearchParams(
          Object.entries(query)
            .filter(([, value]) => value !== undefined && value !== null)
            .map(([key, value]) => [key, String(value)]),
        )}`
      : '';
    const headers = body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' };
    const started = now();
    this.inFlight += 1;
    try {
      const response = await this.pool.request({
        path: `${raw ? '' : API_BASE}${path}${search}`,
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.body.text();
      const elapsed = now() - started;
      this.trace?.(
        `${method} ${path}${search}${body === undefined ? '' : ` ${JSON.stringify(body).slice(0, 120)}`} → ${response.statusCode} in ${elapsed.toFixed(1)} ms`,
      );
      let parsed = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: recorded below if the status is unexpected.
      }
      if (!expect.includes(response.statusCode)) {
        this.recorder.error(label, `${response.statusCode} ${parsed?.code ?? ''}`.trim());
        return { status: response.statusCode, body: null, error: parsed };
      }
      this.recorder.latency(label, elapsed);
      return { status: response.statusCode, body: parsed?.result ?? null };
    } catch (error) {
      const kind =
        error?.code === 'UND_ERR_HEADERS_TIMEOUT' || error?.code === 'UND_ERR_BODY_TIMEOUT' ? 'timeout' : null;
      this.recorder.error(label, kind ?? error?.code ?? error?.name ?? 'network error');
      return { status: 0, body: null };
    } finally {
      this.inFlight -= 1;
    }
  }

  close() {
    return this.pool.close();
  }
}
