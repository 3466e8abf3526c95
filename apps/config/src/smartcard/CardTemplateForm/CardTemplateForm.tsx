import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@primer/react';
import {
  CARD_KEY_TYPES,
  CARD_TEMPLATE_LIMITS,
  PIN_POLICY_MAX_LENGTH,
  PIN_POLICY_MIN_LENGTH,
  PIV_SLOTS,
  PIV_SLOT_LABELS,
  validateCardTemplate,
  type CardTemplate,
  type CardTemplateInput,
} from '@tessera/domain';
import { FormError, TextField } from '@tessera/ui';
import type { Failure } from '../cardLayouts.slice';

interface SlotDraft {
  slot: string;
  certificateTemplate: string;
  keyType: string;
}
interface PinDraft {
  minLength: string;
  maxLength: string;
  digitsOnly: boolean;
  pinRetries: string;
  pukRetries: string;
}

/** Props of {@link CardTemplateForm}. */
export interface CardTemplateFormProps {
  /** The label of the form (its accessible name) and of its submit button. */
  label: string;
  submitLabel: string;
  /** The template edited, or null for a new one (one 9A slot, the tenant's PIN policy). */
  template: CardTemplate | null;
  busy: boolean;
  /** The server's refusal, naming its field. */
  serverError: Failure | null;
  /** The tenant's certificate template names, offered in each slot. */
  certificateTemplateNames: string[];
  onSubmit: (input: CardTemplateInput) => void;
}

const DEFAULT_PIN: PinDraft = {
  minLength: String(PIN_POLICY_MIN_LENGTH),
  maxLength: String(PIN_POLICY_MAX_LENGTH),
  digitsOnly: true,
  pinRetries: String(CARD_TEMPLATE_LIMITS.defaultPinRetries),
  pukRetries: String(CARD_TEMPLATE_LIMITS.defaultPukRetries),
};

/** A number typed in a field: a number when it reads as one, else the text (domain's check names the field). */
const asNumber = (text: string): number => (text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : (text as unknown as number));

function slotsOf(template: CardTemplate | null): SlotDraft[] {
  if (!template) return [{ slot: '9A', certificateTemplate: '', keyType: 'P-256' }];
  return template.slots.map((s) => ({ slot: s.slot, certificateTemplate: s.certificateTemplate ?? '', keyType: s.keyType }));
}

function pinOf(template: CardTemplate | null): PinDraft | null {
  if (!template?.pin) return null;
  const { minLength, maxLength, digitsOnly, pinRetries, pukRetries } = template.pin;
  return { minLength: String(minLength), maxLength: String(maxLength), digitsOnly, pinRetries: String(pinRetries), pukRetries: String(pukRetries) };
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return children ? (
    <span id={id} style={{ display: 'block', color: 'var(--fgColor-danger, #d1242f)', fontSize: 12 }}>
      {children}
    </span>
  ) : null;
}

/**
 * The whole card template (issue 16; admin-console §2.2 `/config/smartcard/new` and `edit/{smartcardConfigID}`):
 * its name, its PIV slots (9A, 9C, 9D, 9E; the certificate template and the key type of each; added and removed)
 * and its PIN rules (the tenant's PIN policy, or its own: a length within the PIV limits, digits only, the PIN
 * and PUK retry counters). Domain's `validateCardTemplate` checks the form before it is sent, as the server does
 * again; either refusal is shown beside the field it names.
 */
export function CardTemplateForm({ label, submitLabel, template, busy, serverError, certificateTemplateNames, onSubmit }: CardTemplateFormProps) {
  const [name, setName] = useState(template?.name ?? '');
  const [slots, setSlots] = useState<SlotDraft[]>(() => slotsOf(template));
  const [pin, setPin] = useState<PinDraft | null>(() => pinOf(template));
  const [localError, setLocalError] = useState<Failure | null>(null);
  useEffect(() => {
    setName(template?.name ?? '');
    setSlots(slotsOf(template));
    setPin(pinOf(template));
    setLocalError(null);
  }, [template]);

  const error = localError ?? serverError;
  const errorOf = (field: string) => (error?.field === field ? error.message : null);
  const shownFields = ['name', 'slots', ...slots.flatMap((_, i) => ['slot', 'certificateTemplate', 'keyType'].map((f) => `slots[${i}].${f}`)), ...(pin ? ['pin.minLength', 'pin.maxLength', 'pin.digitsOnly', 'pin.pinRetries', 'pin.pukRetries'] : [])];
  const setSlot = (index: number, change: Partial<SlotDraft>) => setSlots(slots.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const unused = PIV_SLOTS.filter((s) => !slots.some((d) => d.slot === s));
  const listId = 'card-template-certificate-templates';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: CardTemplateInput = {
      name,
      slots,
      pin: pin
        ? {
            minLength: asNumber(pin.minLength),
            maxLength: asNumber(pin.maxLength),
            digitsOnly: pin.digitsOnly,
            ...(pin.pinRetries.trim() ? { pinRetries: asNumber(pin.pinRetries) } : {}),
            ...(pin.pukRetries.trim() ? { pukRetries: asNumber(pin.pukRetries) } : {}),
          }
        : null,
    };
    const check = validateCardTemplate(input);
    if (!check.ok) {
      setLocalError({ field: check.problem.field, message: check.problem.message });
      return;
    }
    setLocalError(null);
    onSubmit(input);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} style={{ maxWidth: 640 }}>
      <FormError>{error && !shownFields.includes(error.field ?? '') ? error.message : null}</FormError>
      <TextField label="Name" name="name" value={name} error={errorOf('name')} onChange={(e) => setName(e.target.value)} />

      <fieldset aria-label="PIV slots" style={{ marginBottom: 16 }}>
        <legend style={{ fontWeight: 600 }}>PIV slots</legend>
        <FieldError id="slots-error">{errorOf('slots')}</FieldError>
        <datalist id={listId}>
          {certificateTemplateNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        {slots.map((s, index) => {
          const at = `slots[${index}]`;
          return (
            <fieldset key={index} aria-label={`Slot ${index + 1}`} style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start', marginBottom: 8 }}>
              <label style={{ fontWeight: 600 }}>
                PIV slot{' '}
                <select value={s.slot} aria-invalid={errorOf(`${at}.slot`) ? true : undefined} aria-describedby={`${index}-slot-error`} onChange={(e) => setSlot(index, { slot: e.target.value })}>
                  {PIV_SLOTS.map((p) => (
                    <option key={p} value={p}>{`${p} ${PIV_SLOT_LABELS[p]}`}</option>
                  ))}
                </select>
                <FieldError id={`${index}-slot-error`}>{errorOf(`${at}.slot`)}</FieldError>
              </label>
              <div style={{ flex: '1 1 200px' }}>
                <TextField label="Certificate template" name={`${at}.certificateTemplate`} list={listId} autoComplete="off" value={s.certificateTemplate} error={errorOf(`${at}.certificateTemplate`)} onChange={(e) => setSlot(index, { certificateTemplate: e.target.value })} />
              </div>
              <label style={{ fontWeight: 600 }}>
                Key type{' '}
                <select value={s.keyType} aria-invalid={errorOf(`${at}.keyType`) ? true : undefined} aria-describedby={`${index}-key-error`} onChange={(e) => setSlot(index, { keyType: e.target.value })}>
                  {CARD_KEY_TYPES.map((k) => (
                    <option key={k}>{k}</option>
                  ))}
                </select>
                <FieldError id={`${index}-key-error`}>{errorOf(`${at}.keyType`)}</FieldError>
              </label>
              <Button size="small" variant="danger" disabled={slots.length === 1} onClick={() => setSlots(slots.filter((_, i) => i !== index))}>
                Remove slot
              </Button>
            </fieldset>
          );
        })}
        <Button size="small" disabled={unused.length === 0} onClick={() => setSlots([...slots, { slot: unused[0] ?? '9A', certificateTemplate: '', keyType: 'P-256' }])}>
          Add slot
        </Button>
      </fieldset>

      <fieldset aria-label="PIN rules" style={{ marginBottom: 16 }}>
        <legend style={{ fontWeight: 600 }}>PIN rules</legend>
        <label style={{ display: 'block' }}>
          <input type="radio" name="pinRules" checked={pin === null} onChange={() => setPin(null)} /> The tenant&apos;s PIN policy
        </label>
        <label style={{ display: 'block', marginBottom: 8 }}>
          <input type="radio" name="pinRules" checked={pin !== null} onChange={() => setPin(pin ?? DEFAULT_PIN)} /> Rules of this template
        </label>
        {pin ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
            <TextField label="Minimum PIN length" name="pin.minLength" inputMode="numeric" value={pin.minLength} error={errorOf('pin.minLength')} hint={`A PIV card takes ${PIN_POLICY_MIN_LENGTH} to ${PIN_POLICY_MAX_LENGTH}.`} onChange={(e) => setPin({ ...pin, minLength: e.target.value })} />
            <TextField label="Maximum PIN length" name="pin.maxLength" inputMode="numeric" value={pin.maxLength} error={errorOf('pin.maxLength')} onChange={(e) => setPin({ ...pin, maxLength: e.target.value })} />
            <TextField label="PIN retries" name="pin.pinRetries" inputMode="numeric" value={pin.pinRetries} error={errorOf('pin.pinRetries')} hint={`${CARD_TEMPLATE_LIMITS.retriesMin} to ${CARD_TEMPLATE_LIMITS.retriesMax}`} onChange={(e) => setPin({ ...pin, pinRetries: e.target.value })} />
            <TextField label="PUK retries" name="pin.pukRetries" inputMode="numeric" value={pin.pukRetries} error={errorOf('pin.pukRetries')} hint={`${CARD_TEMPLATE_LIMITS.retriesMin} to ${CARD_TEMPLATE_LIMITS.retriesMax}`} onChange={(e) => setPin({ ...pin, pukRetries: e.target.value })} />
            <label style={{ display: 'block', width: '100%' }}>
              <input type="checkbox" checked={pin.digitsOnly} onChange={(e) => setPin({ ...pin, digitsOnly: e.target.checked })} /> Digits only
            </label>
          </div>
        ) : null}
      </fieldset>

      <Button type="submit" variant="primary" loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
