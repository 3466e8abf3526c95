/** A cookie-keeping client over `app.inject` that sends the XSRF header like the browser does. */
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, LightMyRequestResponse as Response } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options of one request. */
export interface RequestOptions {
  body?: unknown;
  /** Raw payload (sent as is, with the given content type). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header (default true). */
  xsrf?: boolean;
  /** Client address. */
  remoteAddress?: string;
}

/** A browser-like client. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly #app: FastifyInstance;
  readonly #remoteAddress: string;

  constructor(app: FastifyInstance, options: { remoteAddress?: string } = {}) {
    this.#app = app;
    this.#remoteAddress = options.remoteAddress ?? '127.0.0.1';
  }

  #store(response: Response): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now()) || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  /** Sends a request; fetches an XSRF cookie first when a state-changing request has none. */
  async request(method: Method, url: string, options: RequestOptions = {}): Promise<Response> {
    const wantsXsrf = options.xsrf !== false && method !== 'GET';
    if (wantsXsrf && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api2/Authentication-v1/Xsrf');
    const headers: Record<string, string> = { ...options.headers };
    if (wantsXsrf) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const inject: InjectOptions = { method, url, headers, remoteAddress: options.remoteAddress ?? this.#remoteAddress };
    if (options.payload !== undefined) inject.payload = options.payload;
    else if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
    const response = await this.#app.inject(inject);
    this.#store(response);
    return response;
  }

  get(url: string, options?: RequestOptions): Promise<Response> {
    return this.request('GET', url, options);
  }

  post(url: string, body?: unknown, options?: RequestOptions): Promise<Response> {
    return this.request('POST', url, { ...options, body });
  }

  put(url: string, body?: unknown, options?: RequestOptions): Promise<Response> {
    return this.request('PUT', url, { ...options, body });
  }

  patch(url: string, body?: unknown, options?: RequestOptions): Promise<Response> {
    return this.request('PATCH', url, { ...options, body });
  }

  /** Signs in; throws unless the answer is 200. */
  async login(username: string, password: string): Promise<Response> {
    const response = await this.post('/api2/Authentication-v1/login', { username, password });
    if (response.statusCode !== 200) throw new Error(`login of ${username} failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}
