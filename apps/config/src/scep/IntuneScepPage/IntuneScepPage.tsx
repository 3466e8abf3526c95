import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { ENROLMENT_MESSAGES, INTUNE_DEFAULTS, type IntuneScepConfig } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout } from '@tessera/ui';
import { intuneScepActions, intuneScepSelectors } from '../intuneScep.slice';

/**
 * `/config/scep` [manageIntuneScepAuthConfiguration] (admin-console §2.2; issue 17): the tenant's Intune SCEP
 * settings. For the chosen templates the SCEP challenge is Intune's: validated online with Microsoft's service
 * when the application id and its client secret are set (the secret is write-only: the page shows "set" or
 * "not set"; the authority and Graph URLs are under "Advanced"), otherwise Tessera's offline signed token.
 */
export function IntuneScepPage() {
  const dispatch = useDispatch();
  const state = useSelector(intuneScepSelectors.select);
  const [form, setForm] = useState<IntuneScepConfig | null>(null);
  /** A new client secret ('' = keep the current one), or removal. */
  const [secret, setSecret] = useState('');
  const [removeSecret, setRemoveSecret] = useState(false);
  useEffect(() => {
    dispatch(intuneScepActions.pageShown());
  }, [dispatch]);
  useEffect(() => {
    if (state.config) {
      setForm(state.config);
      setSecret('');
      setRemoveSecret(false);
    }
  }, [state.config]);
  if (state.status === 'loadFailed') {
    return (
      <PageLayout title="Intune SCEP">
        <FormError>{state.error}</FormError>
      </PageLayout>
    );
  }
  if (state.status !== 'loaded' || !form) return <FullPageSpinner />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { clientSecretSet: _set, ...settings } = form;
    dispatch(intuneScepActions.saveRequested({ ...settings, ...(removeSecret ? { clientSecret: '' } : secret !== '' ? { clientSecret: secret } : {}) }));
  };
  const fieldError = (field: string) => (state.saveError?.field === field ? state.saveError.message : null);
  return (
    <PageLayout title="Intune SCEP">
      <Text as="p" style={{ marginTop: 0 }} id="intune-help">
        {ENROLMENT_MESSAGES.INTUNE_OFFLINE_ONLY} The offline token is a compact JWS (RS256, PS256 or ES256) with the claims tid, sub, exp, jti and optionally nbf and sans; each
        token works once.
      </Text>
      <form onSubmit={submit} aria-label="Intune SCEP settings" style={{ display: 'grid', gap: 12, maxWidth: 720 }}>
        <label>
          <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} /> Validate Intune challenges
        </label>
        <label>
          Azure tenant ID
          <br />
          <input value={form.azureTenantId} onChange={(e) => setForm({ ...form, azureTenantId: e.target.value })} size={40} />
        </label>
        <FormError>{fieldError('azureTenantId')}</FormError>
        <label>
          Application (client) ID
          <br />
          <input value={form.applicationId} onChange={(e) => setForm({ ...form, applicationId: e.target.value })} size={40} />
        </label>
        <FormError>{fieldError('applicationId')}</FormError>
        <label>
          Application client secret
          <br />
          <input type="password" autoComplete="new-password" value={secret} disabled={removeSecret} onChange={(e) => setSecret(e.target.value)} size={40} placeholder={form.clientSecretSet ? 'Leave empty to keep the current secret' : ''} />
        </label>
        <Text as="p" id="intune-secret-state" style={{ margin: 0 }}>
          Client secret: {form.clientSecretSet ? 'set' : 'not set'}
        </Text>
        {form.clientSecretSet ? (
          <label>
            <input type="checkbox" checked={removeSecret} onChange={(e) => setRemoveSecret(e.target.checked)} /> Remove the client secret (back to the offline token check)
          </label>
        ) : null}
        <details>
          <summary>Advanced</summary>
          <label style={{ display: 'block', marginTop: 8 }}>
            Sign-in authority URL
            <br />
            <input value={form.authorityUrl} placeholder={INTUNE_DEFAULTS.authorityUrl} onChange={(e) => setForm({ ...form, authorityUrl: e.target.value })} size={50} />
          </label>
          <FormError>{fieldError('authorityUrl')}</FormError>
          <label style={{ display: 'block', marginTop: 8 }}>
            Microsoft Graph URL
            <br />
            <input value={form.graphUrl} placeholder={INTUNE_DEFAULTS.graphUrl} onChange={(e) => setForm({ ...form, graphUrl: e.target.value })} size={50} />
          </label>
          <FormError>{fieldError('graphUrl')}</FormError>
        </details>
        <label>
          Verification certificate (PEM)
          <br />
          <textarea value={form.verificationCertificate} onChange={(e) => setForm({ ...form, verificationCertificate: e.target.value })} rows={8} cols={70} />
        </label>
        <FormError>{fieldError('verificationCertificate')}</FormError>
        <fieldset>
          <legend>Templates whose challenges are Intune's</legend>
          {state.templates.length === 0 ? <Text as="p">No certificate templates yet.</Text> : null}
          {state.templates.map((t) => (
            <label key={t.templateId} style={{ display: 'block' }}>
              <input
                type="checkbox"
                checked={form.templateIds.includes(t.templateId)}
                onChange={(e) => setForm({ ...form, templateIds: e.target.checked ? [...form.templateIds, t.templateId] : form.templateIds.filter((id) => id !== t.templateId) })}
              />{' '}
              {t.templateName}
            </label>
          ))}
        </fieldset>
        <FormError>{state.saveError && !['azureTenantId', 'verificationCertificate', 'applicationId', 'authorityUrl', 'graphUrl'].includes(state.saveError.field ?? '') ? state.saveError.message : null}</FormError>
        <div>
          <Button type="submit" variant="primary" loading={state.saving}>
            Save
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
