import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Heading, Text } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import { FormError, PageLayout, TextField } from '@tessera/ui';
import { cloudHsmActions, cloudHsmSelectors } from '../cloudHsm.slice';

/**
 * `/credentials/smartcards/authenticatehsm` (HSMAuthenticate; admin-console §2.2, §4 "HSM authentication: pending,
 * then authenticated true or false"): authenticate to a cloud HSM with an HSM credential; smartcardManage holders
 * also see, add and delete the tenant's cloud HSM configs (the client secret is write-only).
 */
export function HsmAuthenticatePage() {
  const dispatch = useDispatch();
  const { configs, change, authentication } = useSelector(cloudHsmSelectors.selectState);
  const session = getSessionState();
  const canManage = session.status === 'signedIn' && session.viewer.permission.View.includes('smartcardManage');
  useEffect(() => {
    if (canManage) dispatch(cloudHsmActions.configsRequested());
  }, [dispatch, canManage]);
  const [hardware, setHardware] = useState('');
  const [credential, setCredential] = useState('');
  const [add, setAdd] = useState({ customer_sc_hardware: '', endpoint: '', client_id: '', client_secret: '' });
  const fieldError = (field: string) => (change.status === 'failure' && change.field === field ? change.message : null);
  return (
    <PageLayout title="HSM authentication">
      <form
        aria-label="HSM authentication"
        style={{ maxWidth: 480 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (hardware.trim() && credential) dispatch(cloudHsmActions.authenticateRequested({ customer_sc_hardware: hardware.trim(), credential }));
          setCredential('');
        }}
      >
        <TextField label="Smartcard hardware" autoComplete="off" value={hardware} onChange={(e) => setHardware(e.target.value)} />
        <TextField label="HSM credential" type="password" autoComplete="off" value={credential} onChange={(e) => setCredential(e.target.value)} />
        <Button type="submit" variant="primary" disabled={authentication.pending || !hardware.trim() || !credential}>
          Authenticate
        </Button>
      </form>
      <Text as="p" role="status" data-testid="hsm-authentication" style={{ color: authentication.authenticated === true ? 'var(--fgColor-success)' : authentication.message ? 'var(--fgColor-danger)' : undefined }}>
        {authentication.pending ? 'Authenticating…' : authentication.message}
      </Text>
      {canManage ? (
        <section aria-labelledby="hsm-configs-heading" style={{ marginTop: 24 }}>
          <Heading as="h2" id="hsm-configs-heading" style={{ fontSize: 'var(--text-title-size-medium, 20px)', marginBottom: 8 }}>
            Cloud HSM configs
          </Heading>
          <table aria-label="Cloud HSM configs" style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                {['Smartcard hardware', 'Endpoint', 'Client id', 'Client secret', ''].map((h) => (
                  <th key={h} scope="col" style={{ textAlign: 'left', padding: 4 }}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {configs.length === 0 ? (
                <tr>
                  <td colSpan={5}>No cloud HSM configs</td>
                </tr>
              ) : (
                configs.map((c) => (
                  <tr key={c.customer_sc_hardware}>
                    <th scope="row" style={{ textAlign: 'left', padding: 4 }}>
                      {c.customer_sc_hardware}
                    </th>
                    <td style={{ padding: 4 }}>{c.endpoint}</td>
                    <td style={{ padding: 4 }}>{c.client_id}</td>
                    <td style={{ padding: 4 }}>{c.hasClientSecret ? 'set' : 'not set'}</td>
                    <td style={{ padding: 4 }}>
                      <Button variant="danger" size="small" onClick={() => dispatch(cloudHsmActions.deleteRequested({ customer_sc_hardware: c.customer_sc_hardware }))}>
                        Delete {c.customer_sc_hardware}
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <form
            aria-label="Add cloud HSM config"
            style={{ maxWidth: 480, marginTop: 16 }}
            onSubmit={(e) => {
              e.preventDefault();
              dispatch(cloudHsmActions.addRequested(add));
              setAdd({ ...add, client_secret: '' });
            }}
          >
            <TextField label="Hardware name" autoComplete="off" value={add.customer_sc_hardware} error={fieldError('customer_sc_hardware')} onChange={(e) => setAdd({ ...add, customer_sc_hardware: e.target.value })} />
            <TextField label="Endpoint" autoComplete="off" value={add.endpoint} error={fieldError('endpoint')} onChange={(e) => setAdd({ ...add, endpoint: e.target.value })} />
            <TextField label="Client id" autoComplete="off" value={add.client_id} error={fieldError('client_id')} onChange={(e) => setAdd({ ...add, client_id: e.target.value })} />
            <TextField label="Client secret" type="password" autoComplete="off" value={add.client_secret} error={fieldError('client_secret')} onChange={(e) => setAdd({ ...add, client_secret: e.target.value })} />
            <Button type="submit" disabled={change.status === 'processing'}>
              Add config
            </Button>
          </form>
          <FormError>{change.status === 'failure' && !change.field ? change.message : null}</FormError>
          {change.status === 'success' ? (
            <Text as="p" role="status" data-testid="hsm-config-status">
              {change.message}
            </Text>
          ) : null}
        </section>
      ) : null}
    </PageLayout>
  );
}
