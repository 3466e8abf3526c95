import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading, Text } from '@primer/react';
import { FormError, TextField } from '@tessera/ui';
import { PIN_DESCRIPTION_MAX_LENGTH, PIN_POLICY_MAX_LENGTH, PIN_POLICY_MIN_LENGTH, pinRequirementsDescription, validatePinPolicy, type PinRequirementsConfig } from '@tessera/domain';
import { pinPolicyActions, pinPolicySelectors } from '../pinPolicy.slice';

interface Draft {
  minLength: string;
  maxLength: string;
  digitsOnly: boolean;
  description: string;
}

function draftOf(config: PinRequirementsConfig): Draft {
  return { minLength: String(config.minLength), maxLength: String(config.maxLength), digitsOnly: config.digitsOnly, description: config.description ?? '' };
}

function summaryOf(config: PinRequirementsConfig): string {
  const kind = config.digitsOnly ? 'digits' : 'characters';
  return `${config.minLength}–${config.maxLength} ${kind}${config.isDefault ? ' (default)' : ''}`;
}

/**
 * The tenant's card PIN policy (signin §3 pinRequirements and pinRequirementDescriptionOverride) for
 * smartcardManage holders: what is in force, and a form to change it (lengths a PIV card takes, 6 to 8; digits only,
 * an optional text shown instead of the generated one) or go back to the default 6–8 digits. The
 * form checks the rules the server checks; the server's field errors show under their field.
 */
export function PinPolicySection() {
  const dispatch = useDispatch();
  const { config, status, saving, errors, failure } = useSelector(pinPolicySelectors.select);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    dispatch(pinPolicyActions.policyRequested());
  }, [dispatch]);

  // The form follows the policy the server answered (loaded, saved or reset).
  useEffect(() => {
    if (config) setDraft(draftOf(config));
  }, [config]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const description = draft.description.trim() === '' ? null : draft.description;
    const found = validatePinPolicy({ minLength: draft.minLength, maxLength: draft.maxLength, description });
    if (Object.keys(found).length > 0) {
      dispatch(pinPolicyActions.invalid(found));
      return;
    }
    dispatch(pinPolicyActions.saveRequested({ minLength: Number(draft.minLength), maxLength: Number(draft.maxLength), digitsOnly: draft.digitsOnly, description }));
  };

  const generated = draft && /^\d+$/.test(draft.minLength) && /^\d+$/.test(draft.maxLength)
    ? pinRequirementsDescription({ minLength: Number(draft.minLength), maxLength: Number(draft.maxLength), digitsOnly: draft.digitsOnly })
    : null;

  return (
    <section aria-labelledby="pin-policy-heading" style={{ marginTop: 24, maxWidth: 480 }}>
      <Heading as="h2" id="pin-policy-heading" style={{ fontSize: 'var(--text-title-size-medium, 20px)', marginBottom: 8 }}>
        PIN policy
      </Heading>
      {status === 'loading' && !config ? <Text as="p">Loading…</Text> : null}
      <FormError>{failure}</FormError>
      {config ? (
        <Text as="p" data-testid="pin-policy-current">
          Current policy: {summaryOf(config)}. Users see: “{config.effectiveDescription}”
        </Text>
      ) : null}
      {draft ? (
        <form onSubmit={submit} aria-label="PIN policy" noValidate>
          <TextField
            label="Minimum length"
            type="number"
            inputMode="numeric"
            min={PIN_POLICY_MIN_LENGTH}
            max={PIN_POLICY_MAX_LENGTH}
            value={draft.minLength}
            error={errors.minLength ?? null}
            onChange={(e) => setDraft({ ...draft, minLength: e.target.value })}
          />
          <TextField
            label="Maximum length"
            type="number"
            inputMode="numeric"
            min={PIN_POLICY_MIN_LENGTH}
            max={PIN_POLICY_MAX_LENGTH}
            value={draft.maxLength}
            error={errors.maxLength ?? null}
            onChange={(e) => setDraft({ ...draft, maxLength: e.target.value })}
          />
          <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 16 }}>
            <input type="checkbox" checked={draft.digitsOnly} onChange={(e) => setDraft({ ...draft, digitsOnly: e.target.checked })} />
            Digits only
          </label>
          <TextField
            label="Description shown to users"
            hint={generated ? `Leave empty to show “${generated}”.` : 'Leave empty to show the generated text.'}
            maxLength={PIN_DESCRIPTION_MAX_LENGTH}
            value={draft.description}
            error={errors.description ?? null}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
          <div style={{ display: 'flex', gap: 8 }}>
            <Button type="submit" variant="primary" disabled={saving}>
              Save
            </Button>
            <Button type="button" disabled={saving || config?.isDefault === true} onClick={() => dispatch(pinPolicyActions.resetRequested())}>
              Reset to default
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
