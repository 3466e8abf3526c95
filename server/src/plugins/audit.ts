/** The audit plugin: decorates `app.audit` with the writer of `platform/audit.ts` (or an injected one). */
import fp from 'fastify-plugin';
import { databaseAuditWriter, type AuditWriter } from '../platform/audit';

/** Decorates `app.audit`. */
export const auditPlugin = fp<{ writer?: AuditWriter }>(
  async (app, opts) => {
    app.decorate('audit', opts.writer ?? databaseAuditWriter);
  },
  { name: 'tessera-audit', fastify: '5.x', dependencies: ['tessera-db'] },
);
