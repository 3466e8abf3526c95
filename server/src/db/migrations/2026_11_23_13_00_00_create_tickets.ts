/** Support tickets and their messages (issue 6). Frozen: never import application code here. */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tickets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('TICKET_STATUS_OPEN'))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('Medium'))
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assigned_to', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_response_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('tickets_tenant_updated').on('tickets').columns(['tenant_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('tickets_tenant_created').on('tickets').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('tickets_tenant_status').on('tickets').columns(['tenant_id', 'status']).execute();
  await db.schema.createIndex('tickets_tenant_creator').on('tickets').columns(['tenant_id', 'created_by']).execute();
  await db.schema.createIndex('tickets_tenant_assignee').on('tickets').columns(['tenant_id', 'assigned_to']).execute();
  // Text search is lower(column) LIKE '%…%': statistics on those expressions let the planner estimate it
  // (without them it guesses a handful of rows and sorts instead of walking the updated_at index).
  await sql`create statistics tickets_lower_title on (lower(title)) from tickets`.execute(db);
  await sql`create statistics tickets_lower_description on (lower(description)) from tickets`.execute(db);

  await db.schema
    .createTable('ticket_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('ticket_id', 'uuid', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('sender_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ticket_messages_ticket').on('ticket_messages').columns(['ticket_id', 'created_at']).execute();
  await db.schema.createIndex('ticket_messages_tenant_created').on('ticket_messages').columns(['tenant_id', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ticket_messages').execute();
  await db.schema.dropTable('tickets').execute();
}
