import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { SCEP_CHALLENGE_DEFAULT_MINUTES, SCEP_CHALLENGE_MAX_MINUTES } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout } from '@tessera/ui';
import { scepActions, scepSelectors } from '../scep.slice';

const STATE_TEXT = { waiting: 'Waiting to be fetched', fetched: 'Fetched', used: 'Used', expired: 'Expired' } as const;

/**
 * `/credentials/certificates/scep/request` [certScep] (admin-console §2.2; issue 17): create a one-time SCEP
 * challenge password for a template and hand out its link (`/retrieveSCEPChallenge/{id}`), where the password
 * can be seen once. The list shows each challenge's state, never a password.
 */
export function ScepRequestPage() {
  const dispatch = useDispatch();
  const state = useSelector(scepSelectors.select);
  const [templateId, setTemplateId] = useState('');
  const [minutes, setMinutes] = useState(String(SCEP_CHALLENGE_DEFAULT_MINUTES));
  const [search, setSearch] = useState('');
  useEffect(() => {
    dispatch(scepActions.pageRequested({ page: 1, search: '' }));
  }, [dispatch]);
  if (state.status === 'loadFailed') {
    return (
      <PageLayout title="SCEP challenges">
        <FormError>{state.error}</FormError>
      </PageLayout>
    );
  }
  if (state.status !== 'loaded') return <FullPageSpinner />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(scepActions.createRequested({ templateId, validityMinutes: Number(minutes) }));
  };
  const origin = window.location.origin;
  const pages = Math.max(1, Math.ceil(state.total / state.pageSize));
  return (
    <PageLayout title="SCEP challenges">
      <Text as="p" style={{ marginTop: 0 }}>
        A challenge password lets one device enrol once over SCEP (or EST) for a template. Give the device owner the link: the password can be seen there once, and is
        then kept only as a hash.
      </Text>
      <form onSubmit={submit} aria-label="New challenge" style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: 16 }}>
        <label>
          Template
          <br />
          <select value={templateId} onChange={(e) => setTemplateId(e.target.value)} required>
            <option value="">Choose a template</option>
            {state.templates.map((t) => (
              <option key={t.templateId} value={t.templateId}>
                {t.templateName}
              </option>
            ))}
          </select>
        </label>
        <label>
          Valid for (minutes)
          <br />
          <input type="number" min={1} max={SCEP_CHALLENGE_MAX_MINUTES} value={minutes} onChange={(e) => setMinutes(e.target.value)} required />
        </label>
        <Button type="submit" variant="primary" loading={state.creating} disabled={templateId === ''}>
          Create challenge
        </Button>
      </form>
      <FormError>{state.createError ? state.createError.message : null}</FormError>
      {state.created ? (
        <section aria-label="New challenge link" style={{ border: '1px solid var(--borderColor-default, #d0d7de)', borderRadius: 6, padding: 12, marginBottom: 16 }}>
          <Text as="p" style={{ margin: 0 }}>
            Link for the device owner (the password can be seen there once, until {new Date(state.created.expiresAt).toLocaleString()}):
          </Text>
          <a href={state.created.retrievePath}>{`${origin}${state.created.retrievePath}`}</a>
          <Text as="p" style={{ marginBottom: 0 }}>
            SCEP URL: <code>{state.created.scepUrl}</code>
          </Text>
        </section>
      ) : null}
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          dispatch(scepActions.pageRequested({ page: 1, search }));
        }}
        style={{ marginBottom: 8 }}
      >
        <label>
          Search by template <input value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>{' '}
        <Button type="submit" size="small">
          Search
        </Button>
      </form>
      {state.challenges.length === 0 ? (
        <Text as="p">No challenges.</Text>
      ) : (
        <table aria-label="Challenges" cellPadding={4} style={{ borderCollapse: 'collapse', textAlign: 'left', width: '100%' }}>
          <thead>
            <tr>
              <th>Template</th>
              <th>State</th>
              <th>Created</th>
              <th>By</th>
              <th>Expires</th>
            </tr>
          </thead>
          <tbody>
            {state.challenges.map((c) => (
              <tr key={c.id}>
                <td>{c.templateName}</td>
                <td>{STATE_TEXT[c.state]}</td>
                <td>{new Date(c.createdAt).toLocaleString()}</td>
                <td>{c.createdBy ?? ''}</td>
                <td>{new Date(c.expiresAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 8 }}>
        <Button size="small" disabled={state.page <= 1} onClick={() => dispatch(scepActions.pageRequested({ page: state.page - 1, search: state.search }))}>
          Previous
        </Button>
        <Text size="small">
          Page {state.page} of {pages} ({state.total} challenges)
        </Text>
        <Button size="small" disabled={state.page >= pages} onClick={() => dispatch(scepActions.pageRequested({ page: state.page + 1, search: state.search }))}>
          Next
        </Button>
      </div>
    </PageLayout>
  );
}
