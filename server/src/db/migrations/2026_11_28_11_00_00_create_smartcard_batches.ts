/**
 * Card batches (issue 16; signin §3 Batch and Printed card, §7 AddBatch, PrintBatch, DeactivatePrintedCard):
 * `smartcard_batches` (one per AddBatch) and `smartcard_batch_cards` (one per user of the batch, its state
 * persisted as PrintBatch goes, so that a stopped batch goes on where it stopped). Frozen: never import
 * application code here.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('smartcard_batches')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid')
    .addColumn('print_only', 'boolean')
    .addColumn('reader', 'text')
    .addColumn('started_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('smartcard_batches_tenant_created').on('smartcard_batches').columns(['tenant_id', 'created_at']).execute();
  await db.schema
    .createTable('smartcard_batch_cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('batch_id', 'uuid', (c) => c.notNull().references('smartcard_batches.id').onDelete('cascade'))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('user_dn', 'text', (c) => c.notNull())
    .addColumn('card_template_id', 'uuid', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending').check(sql`state in ('pending', 'inserted', 'issued', 'printed', 'done', 'failed')`))
    .addColumn('card_id', 'uuid')
    .addColumn('card_serial', 'text')
    .addColumn('printed_card_id', 'text')
    .addColumn('error', 'text')
    .addColumn('deactivated_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('smartcard_batch_cards_batch_position', ['batch_id', 'position'])
    .execute();
  await db.schema.createIndex('smartcard_batch_cards_tenant_printed').on('smartcard_batch_cards').columns(['tenant_id', 'printed_card_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('smartcard_batch_cards').execute();
  await db.schema.dropTable('smartcard_batches').execute();
}
