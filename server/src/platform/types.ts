/** Fastify declaration merging: what the plugins decorate and the route config every route carries. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { ServerConfig } from './config';
import type { Db } from '../db/database';
import type { SessionRecord, SessionStore } from './session-store';
import type { AuditWriter } from './audit';
import type { LoginThrottle } from './login-throttle';
import type { RateLimiter } from './rate-limits/rate-limiter';

/** Who is calling, set by the auth guard on `session` routes. */
export interface AuthContext {
  session: SessionRecord;
  userId: string;
  tenantId: string;
  /** The viewer's username (loaded when the route needs a permission, else null). */
  username: string | null;
  /** Effective permissions (loaded when the route needs a permission, else null). */
  permissions: ReadonlySet<string> | null;
  /** Set when the request carries an API key (`Authorization: Bearer`): `username` is then the key's name. */
  apiKey?: { id: string; name: string };
}

/** Access rule of a route, checked by the auth guard before anything else. */
export type RouteAuth = 'public' | 'session';

/** A websocket stream as the OpenAPI document describes it (`x-websockets`): streams are not Fastify routes. */
export interface WebsocketDoc {
  summary: string;
  /** Who may open it and what the upgrade needs. */
  description: string;
  /** Plain-text answers that refuse the upgrade, by status. */
  refusals: Record<string, string>;
  /** JSON schema of the messages the server sends. */
  serverMessages: unknown;
}

/**
 * A step of the platform's one `onRequest` hook (tessera-request-pipeline): answers undefined when done at once or a
 * promise when it waits; throws (or rejects) to refuse the request.
 */
export type RequestStep = (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Appends a step to the platform's one `onRequest` hook; steps run in the order they were added (tessera-request-pipeline). */
    addRequestStep(step: RequestStep): void;
    /** Websocket streams to describe in the OpenAPI document, by path (tessera-openapi). */
    websocketDocs: Map<string, WebsocketDoc>;
    config: Readonly<ServerConfig>;
    /** The clock (epoch ms); injected by tests. */
    now: () => number;
    db: Db;
    /** Redis client when `TESSERA_REDIS_URL` is set, else null. */
    redis: Redis | null;
    sessions: SessionStore;
    audit: AuditWriter;
    loginThrottle: LoginThrottle;
    /** The rate-limit rule engine (tessera-rate-limit). */
    rateLimits: RateLimiter;
  }
  interface FastifyRequest {
    /** Cookies of the request (tessera-cookies). */
    cookies: Record<string, string>;
    /** Set by the auth guard on `session` routes; null elsewhere. */
    auth: AuthContext | null;
    /**
     * The session record the rate limiter read in its round trip (null: none), used once by `currentSession`
     * instead of a second read; undefined when the limiter did not read it.
     */
    sessionPreload: SessionRecord | null | undefined;
    /** The session id of the request's cookie, once computed (`requestSessionId`); undefined before. */
    sessionIdMemo: string | null | undefined;
    /** The route's config, once read (`platform/route-config.ts`); undefined before. */
    routeConfigMemo: FastifyContextConfig | undefined;
  }
  interface FastifyContextConfig {
    /** Required on every route: `public` or `session` (a fully signed-in session). */
    auth?: RouteAuth;
    /** Permission the viewer must hold; an array means any one of them. */
    permission?: string | readonly string[];
    /** `false`: the route is exempt from the XSRF check (only PrepareFido2Authentication: no cookies, no state of a user). */
    xsrf?: boolean;
    /**
     * `true`: an API key may call this `session` route although it names no permission (e.g. `GET /api/login`);
     * `false`: no API key may call it, whatever it holds (own password, API key management).
     */
    apiKey?: boolean;
    /**
     * `true`: the route takes a file and accepts a body of up to a 10 MB file in base64; `'cap'`: a JavaCard CAP file of
     * up to 1 MiB; `'enrolment'`: a SCEP or EST message of up to 64 KiB (platform/body-limits.ts).
     */
    upload?: boolean | 'cap' | 'enrolment';
    /** The console's files route (tessera-static): the global rate limiter does not count its files. */
    staticFiles?: boolean;
  }
}
