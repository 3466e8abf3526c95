import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { ENROLMENT_MESSAGES, type IntuneScepConfig } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout } from '@tessera/ui';
import { intuneScepActions, intuneScepSelectors } from '../intuneScep.slice';

/**
 * `/config/scep` [manageIntuneScepAuthConfiguration] (admin-console §2.2; issue 17): the tenant's Intune SCEP
 * settings. For the chosen templates the SCEP challenge is an Intune token, checked offline; the help says
 * what of Microsoft's online validation is not done.
 */
export function IntuneScepPage() {
  const dispatch = useDispatch();
  const state = useSelector(intuneScepSelectors.select);
  const [form, setForm] = useState<IntuneScepConfig | null>(null);
  useEffect(() => {
    dispatch(intuneScepActions.pageShown());
  }, [dispatch]);
  useEffect(() => {
    if (state.config) setForm(state.config);
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
    dispatch(intuneScepActions.saveRequested(form));
  };
  const fieldError = (field: string) => (state.saveError?.field === field ? state.saveError.message : null);
  return (
    <PageLayout title="Intune SCEP">
      <Text as="p" style={{ marginTop: 0 }} id="intune-help">
        {ENROLMENT_MESSAGES.INTUNE_OFFLINE_ONLY} The token is a compact JWS (RS256, PS256 or ES256) with the claims tid, sub, exp, jti and optionally nbf and sans; each token
        works once.
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
        <label>
          Verification certificate (PEM)
          <br />
          <textarea value={form.verificationCertificate} onChange={(e) => setForm({ ...form, verificationCertificate: e.target.value })} rows={8} cols={70} />
        </label>
        <FormError>{fieldError('verificationCertificate')}</FormError>
        <fieldset>
          <legend>Templates whose challenges are Intune tokens</legend>
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
        <FormError>{state.saveError && !['azureTenantId', 'verificationCertificate'].includes(state.saveError.field ?? '') ? state.saveError.message : null}</FormError>
        <div>
          <Button type="submit" variant="primary" loading={state.saving}>
            Save
          </Button>
        </div>
      </form>
    </PageLayout>
  );
}
