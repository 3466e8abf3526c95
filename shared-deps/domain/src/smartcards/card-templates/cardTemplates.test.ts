import { SMARTCARD_MESSAGES as M } from '../messages';
import { validateCardTemplate, validateCardTemplateSeed } from './cardTemplates';

const staff = { name: 'staff', slots: [{ slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' }, { slot: '9a', certificateTemplate: 'piv-auth', keyType: 'P-256' }], pin: { minLength: 6, maxLength: 8, digitsOnly: true } };

describe('validateCardTemplate', () => {
  it('should accept a template, sort its slots in PIV order and apply the retry defaults', () => {
    expect(validateCardTemplate(staff)).toEqual({
      ok: true,
      value: {
        name: 'staff',
        slots: [
          { slot: '9A', certificateTemplate: 'piv-auth', keyType: 'P-256' },
          { slot: '9C', certificateTemplate: 'piv-sign', keyType: 'P-256' },
        ],
        pin: { minLength: 6, maxLength: 8, digitsOnly: true, pinRetries: 3, pukRetries: 3 },
      },
    });
  });

  it('should leave the PIN rules to the tenant policy when the template has none', () => {
    const check = validateCardTemplate({ ...staff, pin: undefined });
    expect(check.ok && check.value.pin).toBeNull();
  });

  it.each([
    [{ ...staff, name: ' ' }, 'name', M.CARD_TEMPLATE_NAME_INVALID],
    [{ ...staff, name: 'a\nb' }, 'name', M.CARD_TEMPLATE_NAME_INVALID],
    [{ ...staff, slots: [] }, 'slots', M.CARD_TEMPLATE_SLOTS_EMPTY],
    [{ ...staff, slots: [{ slot: '9B', certificateTemplate: 'x', keyType: 'P-256' }] }, 'slots[0].slot', M.CARD_TEMPLATE_SLOT_INVALID],
    [{ ...staff, slots: [staff.slots[0], { ...staff.slots[0] }] }, 'slots[1].slot', M.CARD_TEMPLATE_SLOT_DUPLICATE],
    [{ ...staff, slots: [{ slot: '9A', certificateTemplate: '', keyType: 'P-256' }] }, 'slots[0].certificateTemplate', M.CARD_TEMPLATE_CERTIFICATE_TEMPLATE_REQUIRED],
    [{ ...staff, slots: [{ slot: '9A', certificateTemplate: 'x', keyType: 'Ed25519' }] }, 'slots[0].keyType', M.CARD_TEMPLATE_KEY_TYPE_INVALID],
    [{ ...staff, pin: { minLength: 4, maxLength: 8, digitsOnly: true } }, 'pin.minLength', M.PIN_POLICY_LENGTH_RANGE],
    [{ ...staff, pin: { minLength: 6, maxLength: 10, digitsOnly: true } }, 'pin.maxLength', M.PIN_POLICY_LENGTH_RANGE],
    [{ ...staff, pin: { minLength: 8, maxLength: 6, digitsOnly: true } }, 'pin.minLength', M.PIN_POLICY_MIN_ABOVE_MAX],
    [{ ...staff, pin: { minLength: 6, maxLength: 8 } }, 'pin.digitsOnly', M.CARD_TEMPLATE_DIGITS_ONLY],
    [{ ...staff, pin: { minLength: 6, maxLength: 8, digitsOnly: true, pinRetries: 0 } }, 'pin.pinRetries', M.CARD_TEMPLATE_RETRIES_RANGE],
    [{ ...staff, pin: { minLength: 6, maxLength: 8, digitsOnly: true, pukRetries: 16 } }, 'pin.pukRetries', M.CARD_TEMPLATE_RETRIES_RANGE],
  ])('should refuse %j naming %s', (input, field, message) => {
    expect(validateCardTemplate(input)).toEqual({ ok: false, problem: { field, message } });
  });
});

describe('validateCardTemplateSeed', () => {
  it('should check every template and name the refused one by its place in the file', () => {
    expect(validateCardTemplateSeed({ cardTemplates: [staff, { ...staff, name: 'guest', pin: { minLength: 6, maxLength: 9, digitsOnly: true } }] })).toEqual({
      ok: false,
      problem: { field: 'cardTemplates[1].pin.maxLength', message: M.PIN_POLICY_LENGTH_RANGE },
    });
  });

  it('should refuse a file without templates, and a name given twice', () => {
    expect(validateCardTemplateSeed({ templates: [] })).toMatchObject({ ok: false, problem: { field: 'cardTemplates' } });
    expect(validateCardTemplateSeed({ cardTemplates: [staff, staff] })).toEqual({ ok: false, problem: { field: 'cardTemplates[1].name', message: M.CARD_TEMPLATE_SEED_DUPLICATE_NAME } });
  });

  it('should answer the checked templates of a good file', () => {
    const check = validateCardTemplateSeed({ cardTemplates: [staff, { name: 'guest', slots: [{ slot: '9E', certificateTemplate: 'cardauth', keyType: 'RSA-2048' }] }] });
    expect(check.ok && check.value.map((t) => t.name)).toEqual(['staff', 'guest']);
  });
});
