/**
 * The set-up every agent-backed card test shares: a real app (its agent hub listening over gRPC), the signed-in
 * admin, a real agent with virtual readers holding virtual PIV cards linked to the admin's session, a P-256 card CA
 * with the USER certificate templates the card templates name, and those card templates.
 */
import type { AgentConfig } from '../../../agent/src/config';
import type { Agent } from '../../../agent/src/agent';
import { build, TEST_PASSWORD, type BuildOptions, type TestContext } from './build';
import type { TestClient } from './client';
import { startLinkedAgent, waitFor } from './agent-link';

/** A card template to create: its name, slots (each naming a certificate template) and PIN rules. */
export interface TestbedCardTemplate {
  name: string;
  slots: { slot: string; certificateTemplate: string; keyType: string }[];
  pin: { minLength: number; maxLength: number; digitsOnly: boolean };
}

/** Options of {@link cardTestbed}. */
export interface CardTestbedOptions {
  build?: BuildOptions;
  /** The agent's configuration (default: the test agent's, 1 virtual reader). */
  agent?: Partial<AgentConfig>;
  /** USER certificate templates on the card CA (default `piv-auth`). */
  certificateTemplates?: string[];
  /** Extended key usages of those templates (default clientAuth; [] for none). */
  extendedKeyUsages?: string[];
  /** Card templates (default one, `staff`: slot 9A from `piv-auth`, an 8-digit PIN). */
  cardTemplates?: TestbedCardTemplate[];
}

/** What {@link cardTestbed} set up. */
export interface CardTestbed {
  t: TestContext;
  tenantId: string;
  admin: TestClient;
  agent: Agent;
  agentBase: string;
  /** The admin's session the agent is linked to. */
  sessionId: string;
  caId: string;
  caPem: string;
  /** Card template ids by name. */
  cardTemplateIds: Record<string, string>;
  /** Closes the agent, then the app. */
  close(): Promise<void>;
}

/** The 8-digit card template most tests use: slot 9A from `piv-auth`. */
export const STAFF_CARD_TEMPLATE: TestbedCardTemplate = { name: 'staff', slots: [{ slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: { minLength: 8, maxLength: 8, digitsOnly: true } };

/** Sets up an app, an admin, a linked agent with PIV cards in its virtual readers, a card CA and card templates. */
export async function cardTestbed(options: CardTestbedOptions = {}): Promise<CardTestbed> {
  const t = await build(options.build);
  let agent: Agent | undefined;
  try {
    const { tenantId } = await t.bootstrap();
    await t.app.agentHub.listen('127.0.0.1', 0);
    const admin = t.client();
    await admin.login('admin', TEST_PASSWORD);
    const linked = await startLinkedAgent(t, admin, options.agent);
    agent = linked.agent;
    await waitFor(() => linked.agent.readers.list().every((r) => r.smartcard?.cardType === 'PIV'));
    const ca = await admin.post('/api2/PKI-v1/CertificateAuthority', { friendlyName: 'Card CA', keyAlgorithm: 'P-256', subject: 'CN=Card CA, O=Acme' });
    if (ca.statusCode !== 201) throw new Error(`cardTestbed: CertificateAuthority answered ${ca.statusCode} ${ca.body}`);
    const eku = options.extendedKeyUsages ?? ['clientAuth'];
    for (const templateName of options.certificateTemplates ?? ['piv-auth']) {
      const template = await admin.post('/api2/PKI-v1/CertificateTemplate', { templateName, class: 'USER', caId: ca.json().id, keyTypes: ['EC_NIST'], validityPeriod: 1, ...(eku.length > 0 ? { extendedKeyUsages: eku } : {}) });
      if (template.statusCode !== 201) throw new Error(`cardTestbed: CertificateTemplate ${templateName} answered ${template.statusCode} ${template.body}`);
    }
    const cardTemplateIds: Record<string, string> = {};
    for (const cardTemplate of options.cardTemplates ?? [STAFF_CARD_TEMPLATE]) {
      const created = await admin.post('/api2/CMS-v2/CardTemplate', cardTemplate);
      if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`cardTestbed: CardTemplate ${cardTemplate.name} answered ${created.statusCode} ${created.body}`);
      cardTemplateIds[cardTemplate.name] = created.json().cardTemplateId;
    }
    const { agentBase, sessionId } = linked;
    const testedAgent = linked.agent;
    return {
      t,
      tenantId,
      admin,
      agent: testedAgent,
      agentBase,
      sessionId,
      caId: ca.json().id,
      caPem: ca.json().caCert.pem,
      cardTemplateIds,
      async close() {
        await testedAgent.close();
        await t.close();
      },
    };
  } catch (error) {
    await agent?.close();
    await t.close();
    throw error;
  }
}
