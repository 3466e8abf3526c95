import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text, Textarea } from '@primer/react';
import { MESSAGES, TENANCY_CONFIG_LIMITS, TOAST_DEFAULT_TIMEOUT_MS, tenancyConfigChanges, type TenancyConfig, type TenancyConfigField } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, TextField } from '@tessera/ui';
import { BannerPreview } from '../BannerPreview';
import { tenancyConfigActions, tenancyConfigSelectors } from '../tenancyConfig.slice';

/** The form as typed: every field as text (empty: the default). */
interface FormValues {
  supportEmail: string;
  bannerColour: string;
  toastrTimeout: string;
  disclaimer: string;
  timeZone: string;
}

const FIELDS: readonly TenancyConfigField[] = ['supportEmail', 'bannerColour', 'toastrTimeout', 'disclaimer', 'timeZone'];

function toForm(config: TenancyConfig): FormValues {
  return {
    supportEmail: config.supportEmail,
    bannerColour: config.bannerColour ?? '',
    toastrTimeout: config.toastrTimeout === null ? '' : String(config.toastrTimeout),
    disclaimer: config.disclaimer ?? '',
    timeZone: config.timeZone,
  };
}

/**
 * The form as the API takes it: empty colour, time and disclaimer are null (the defaults). A time that
 * is not a number is sent as typed, so the server's field error explains it.
 */
function fromForm(values: FormValues): Pick<TenancyConfig, TenancyConfigField> {
  const timeout = values.toastrTimeout.trim();
  const asNumber = Number(timeout);
  return {
    supportEmail: values.supportEmail.trim(),
    bannerColour: values.bannerColour.trim() === '' ? null : values.bannerColour.trim(),
    toastrTimeout: timeout === '' ? null : Number.isFinite(asNumber) ? asNumber : (timeout as unknown as number),
    disclaimer: values.disclaimer === '' ? null : values.disclaimer,
    timeZone: values.timeZone.trim(),
  };
}

/** IANA names for the time zone suggestions, where the browser can list them. */
function timeZoneNames(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

/**
 * `/config/tenancy` [tenancyConfig] (admin-console §2.2): the tenant's support address (Unexpected
 * Error screen, signin §2), banner colour and toast display time (signin §3, §9), disclaimer and time
 * zone. Save sends only the changed fields; the server's refusal is shown on its field.
 */
export function TenancyConfigPage() {
  const dispatch = useDispatch();
  const { status, config, errorMessage, errorField } = useSelector(tenancyConfigSelectors.select);
  const [values, setValues] = useState<FormValues | null>(null);
  const zones = useMemo(timeZoneNames, []);
  const zonesId = `tz${useId()}`;
  const disclaimerId = `dc${useId()}`;

  useEffect(() => {
    dispatch(tenancyConfigActions.pageShown());
    return () => void dispatch(tenancyConfigActions.cleared());
  }, [dispatch]);
  // The form follows the server's answer: on load, and after a save (normalised values).
  useEffect(() => {
    if (config) setValues(toForm(config));
  }, [config]);

  if (status === 'loadFailed') {
    return (
      <PageLayout title="Tenancy configuration">
        <FormError>{errorMessage || MESSAGES.TENANCY_CONFIG_LOAD_FAILED}</FormError>
      </PageLayout>
    );
  }
  if (!config || !values) return <FullPageSpinner />;

  const patch = tenancyConfigChanges(config, fromForm(values));
  const changed = Object.keys(patch).length > 0;
  const saving = status === 'saving';
  const set = (field: keyof FormValues) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const fieldError = (field: TenancyConfigField) => (status === 'saveFailed' && errorField === field ? errorMessage : null);
  const formError = status === 'saveFailed' && !FIELDS.includes(errorField as TenancyConfigField) ? errorMessage : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changed && !saving) dispatch(tenancyConfigActions.saveRequested(patch));
  };
  const pickerColour = /^#[0-9a-fA-F]{6}$/.test(values.bannerColour.trim()) ? values.bannerColour.trim().toLowerCase() : '#000000';
  const disclaimerError = fieldError('disclaimer');

  return (
    <PageLayout title="Tenancy configuration" style={{ maxWidth: 560 }}>
      <Text as="p" style={{ marginTop: 0 }}>
        Settings of the tenancy <strong>{config.name}</strong>.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Tenancy configuration">
        <FormError>{formError}</FormError>
        <TextField
          label="Support e-mail"
          name="supportEmail"
          type="email"
          value={values.supportEmail}
          error={fieldError('supportEmail')}
          hint="Shown on the Unexpected Error screen."
          onChange={set('supportEmail')}
        />
        <div style={{ display: 'flex', alignItems: 'flex-end', gap: 'var(--base-size-8, 8px)' }}>
          <div style={{ flex: 1 }}>
            <TextField
              label="Banner colour"
              name="bannerColour"
              placeholder="#rrggbb"
              value={values.bannerColour}
              error={fieldError('bannerColour')}
              hint="A strip of this colour along the top of the header; empty for none."
              onChange={set('bannerColour')}
            />
          </div>
          <input
            type="color"
            aria-label="Colour picker"
            value={pickerColour}
            onChange={(e) => setValues({ ...values, bannerColour: e.target.value })}
            style={{ marginBottom: 'var(--base-size-40, 40px)', width: 40, height: 32, padding: 0, border: 'none', background: 'none' }}
          />
        </div>
        <BannerPreview colour={values.bannerColour} />
        <TextField
          label="Toast display time (ms)"
          name="toastrTimeout"
          type="number"
          inputMode="numeric"
          min={TENANCY_CONFIG_LIMITS.toastrTimeoutMinMs}
          max={TENANCY_CONFIG_LIMITS.toastrTimeoutMaxMs}
          step={100}
          placeholder={String(TOAST_DEFAULT_TIMEOUT_MS)}
          value={values.toastrTimeout}
          error={fieldError('toastrTimeout')}
          hint={`${TENANCY_CONFIG_LIMITS.toastrTimeoutMinMs} to ${TENANCY_CONFIG_LIMITS.toastrTimeoutMaxMs} ms; empty for the default ${TOAST_DEFAULT_TIMEOUT_MS} ms.`}
          onChange={set('toastrTimeout')}
        />
        <TextField
          label="Time zone"
          name="timeZone"
          list={zones.length > 0 ? zonesId : undefined}
          value={values.timeZone}
          error={fieldError('timeZone')}
          hint="Such as Europe/London; the days of temporary passes follow it."
          onChange={set('timeZone')}
        />
        {zones.length > 0 ? (
          <datalist id={zonesId}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        ) : null}
        <div style={{ display: 'flex', flexDirection: 'column', gap: 'var(--base-size-4, 4px)', marginBottom: 'var(--base-size-16, 16px)' }}>
          <label htmlFor={disclaimerId} style={{ fontWeight: 600 }}>
            Disclaimer
          </label>
          <Textarea
            id={disclaimerId}
            name="disclaimer"
            block
            rows={4}
            maxLength={TENANCY_CONFIG_LIMITS.disclaimerMaxLength}
            value={values.disclaimer}
            validationStatus={disclaimerError ? 'error' : undefined}
            aria-invalid={disclaimerError ? true : undefined}
            aria-describedby={disclaimerError ? `${disclaimerId}-error` : undefined}
            onChange={set('disclaimer')}
          />
          {disclaimerError ? (
            <span id={`${disclaimerId}-error`} style={{ color: 'var(--fgColor-danger, #d1242f)', fontSize: 'var(--text-body-size-small, 12px)' }}>
              {disclaimerError}
            </span>
          ) : null}
        </div>
        <Text as="p" size="small" style={{ color: 'var(--fgColor-muted)' }}>
          Two-factor authentication: {config.mfaRequired ? 'required for every user' : 'not required'} (set on the passkeys page).
        </Text>
        <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)', alignItems: 'center' }}>
          <Button type="submit" variant="primary" loading={saving} disabled={!changed}>
            Save
          </Button>
          <Button type="button" disabled={!changed || saving} onClick={() => setValues(toForm(config))}>
            Reset
          </Button>
          {!changed ? (
            <Text size="small" style={{ color: 'var(--fgColor-muted)' }}>
              {MESSAGES.TENANCY_CONFIG_UNCHANGED}
            </Text>
          ) : null}
        </div>
      </form>
    </PageLayout>
  );
}
