/** The env plugin: decorates `app.config` with the frozen configuration of `platform/config.ts`. */
import fp from 'fastify-plugin';
import { ConfigError } from '../platform/errors';
import type { ServerConfig } from '../platform/config';

/** Options of the env plugin. */
export interface EnvPluginOptions {
  /** The validated configuration (built by `buildApp`, which needs it before Fastify starts). */
  config: Readonly<ServerConfig>;
}

/** Decorates `app.config` with the frozen configuration. */
export const envPlugin = fp<EnvPluginOptions>(
  async (app, opts) => {
    if (!opts.config || !Object.isFrozen(opts.config)) throw new ConfigError('tessera-env: options.config must be a frozen ServerConfig');
    app.decorate('config', opts.config);
  },
  { name: 'tessera-env', fastify: '5.x' },
);
