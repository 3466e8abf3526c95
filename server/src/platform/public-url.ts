/**
 * The console's public origin for links the server sends out (password reset mail). Only the
 * configuration decides it (`TESSERA_PUBLIC_URL`, else `http://localhost:<TESSERA_PORT>`): a Host header
 * is the client's word, and a link built from it would carry a reset token to whatever host (or port)
 * the requester named (issue 18).
 */
import { consoleUrl, type ServerConfig } from './config';

/** The public console URL without a trailing slash. */
export function publicConsoleUrl(config: Pick<ServerConfig, 'publicUrl' | 'port' | 'host'>): string {
  // The same address the server prints at start (one rule: consoleUrl), without its trailing slash.
  return consoleUrl(config, config.port).replace(/\/+$/, '');
}
