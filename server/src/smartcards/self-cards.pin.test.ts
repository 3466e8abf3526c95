/**
 * ChangePin from `/self/portal/` (issue 15) through the real parts: a real app, PKI and agent (virtual readers and PIV
 * cards) linked over gRPC. An operator issues a card to alice and one to bob and registers a third one unassigned;
 * the agent is then linked to alice's session (selfServicePortal only). Alice changes the PIN of her own card
 * (audited `smartcard.change-pin` with `self: true`, never a PIN), and is refused with 403 for bob's card and the
 * unassigned one, which keep their PINs; a wrong current PIN is 'Incorrect PIN provided.' with the tries left.
 */
import { MESSAGES, SELF_CARD_MESSAGES } from '@tessera/domain';
import { TEST_PASSWORD, type TestContext } from '../test-helpers/build';
import type { TestClient } from '../test-helpers/client';
import { linkAgent } from '../test-helpers/agent-link';
import { cardTestbed, STAFF_CARD_TEMPLATE, type CardTestbed } from '../test-helpers/card-testbed';

const P = '/api2/CMS-v2';
const ALICE_READER = 'Tessera Virtual Reader 0';
const BOB_READER = 'Tessera Virtual Reader 1';
const FREE_READER = 'Tessera Virtual Reader 2';
const PIN = '24681357';

describe('ChangePin of a self-service user', () => {
  let t: TestContext;
  let tenantId: string;
  let admin: TestClient;
  let alice: TestClient;
  let agentBase: string;
  let cardTemplateId: string;
  let aliceId: string;
  let bobId: string;

  let bed: CardTestbed;
  beforeAll(async () => {
    bed = await cardTestbed({ agent: { virtualReaders: 3 }, certificateTemplates: ['self-auth'], cardTemplates: [{ ...STAFF_CARD_TEMPLATE, slots: [{ slot: '9A', certificateTemplate: 'self-auth', keyType: 'P-256' }] }] });
    ({ t, tenantId, admin, agentBase } = bed);
    cardTemplateId = bed.cardTemplateIds.staff!;
    ({ userId: aliceId } = await t.createUser(tenantId, 'alice', ['selfServicePortal']));
    ({ userId: bobId } = await t.createUser(tenantId, 'bob', ['selfServicePortal']));
    for (const [readerName, userId] of [[ALICE_READER, aliceId], [BOB_READER, bobId]] as const) {
      const issued = await admin.post(`${P}/IssueCard`, { card_id: { readerName }, user_id: userId, card_template_id: cardTemplateId, pin: PIN });
      expect(issued.statusCode).toBe(200);
    }
    expect((await admin.post(`${P}/RegisterCard`, { card_id: { readerName: FREE_READER } })).statusCode).toBe(200);
    alice = t.client();
    await alice.login('alice', TEST_PASSWORD);
    // The holder's portal links the same agent to her own session.
    await linkAgent(t, alice, agentBase);
  }, 120_000);
  afterAll(async () => bed?.close());

  const validate = (readerName: string, pin: string) => alice.post(`${P}/ValidatePin`, { card_id: { readerName }, pin });
  const change = (readerName: string, oldPin: string, newPin: string) => alice.post(`${P}/ChangePin`, { card_id: { readerName }, old_pin: oldPin, new_pin: newPin });

  it("should refuse another user's card and an unassigned card with 403, and leave them as they were", async () => {
    for (const reader of [BOB_READER, FREE_READER]) {
      const refused = await change(reader, PIN, '13572468');
      expect([refused.statusCode, refused.json()]).toEqual([403, { code: 'FORBIDDEN', message: SELF_CARD_MESSAGES.NOT_YOUR_CARD }]);
    }
    expect((await validate(BOB_READER, PIN)).json()).toEqual({ valid: true });
    expect((await validate(BOB_READER, '13572468')).statusCode).toBe(403);
    expect(await t.auditRows('smartcard.change-pin.started')).toEqual([]);
  });

  it('should refuse a wrong current PIN and a PIN the template does not allow on her own card', async () => {
    const wrong = await change(ALICE_READER, '99999999', '13572468');
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { code: 'INCORRECT_PIN', message: `${MESSAGES.INCORRECT_PIN_PROVIDED} 2 tries left.` }]);
    const short = await change(ALICE_READER, PIN, '1357246');
    expect(short.json()).toEqual({ code: 'VALIDATION', field: 'new_pin', message: 'PIN must be between 8-8 numbers' });
    // The template's rules as the portal reads them.
    expect((await alice.post(`${P}/GetPinRequirements`, { card_template_id: cardTemplateId })).json()).toMatchObject({ minLength: 8, maxLength: 8, digitsOnly: true });
  });

  it('should change the PIN of her own card, audited as her self-service change', async () => {
    const changed = await change(ALICE_READER, PIN, '13572468');
    expect([changed.statusCode, changed.json()]).toEqual([200, { changed: true }]);
    expect((await validate(ALICE_READER, '13572468')).json()).toEqual({ valid: true });
    const [record] = await t.db.selectFrom('smartcards').select('id').where('user_id', '=', aliceId).execute();
    const events = await t.auditRows('smartcard.change-pin');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'success', actor_username: 'alice', target_id: record!.id, detail: { readerName: ALICE_READER, self: true } });
    expect(JSON.stringify(events)).not.toContain('13572468');
  });

  it("should leave the operator's path as it was: an operator changes the PIN of any card", async () => {
    const operator = t.client();
    await operator.login('admin', TEST_PASSWORD);
    await linkAgent(t, operator, agentBase);
    const changed = await operator.post(`${P}/ChangePin`, { card_id: { readerName: BOB_READER }, old_pin: PIN, new_pin: '11223344' });
    expect(changed.json()).toEqual({ changed: true });
    expect((await t.auditRows('smartcard.change-pin')).at(-1)).toMatchObject({ actor_username: 'admin', detail: { readerName: BOB_READER } });
    expect((await t.auditRows('smartcard.change-pin')).at(-1)!.detail).not.toHaveProperty('self');
  });
});
