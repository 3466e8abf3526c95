import { useEffect, useState } from 'react';
import { Button, Heading } from '@primer/react';
import type { Subnet, SubnetIps } from '@tessera/domain';
import { FormError, PageLayout, TextField } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction, useLoad } from '../../requests/useRequest';

const CREATE_TOAST = { title: 'Subnets', success: 'Subnet added' };
const DELETE_TOAST = { title: 'Subnets', success: 'Subnet deleted', failure: true as const };
const cell = { textAlign: 'left' as const, padding: 'var(--base-size-4, 4px) var(--base-size-8, 8px)' };

/** The addresses the devices of one subnet use. */
function SubnetAddresses({ id }: { id: string }) {
  const ips = useLoad<SubnetIps>(`subnet:ips:${id}`, 'subnetIps', [id]);
  if (ips.failure) return <FormError>{ips.failure.message}</FormError>;
  if (!ips.data || ips.data.subnet.id !== id) return <p>Loading…</p>;
  return (
    <section aria-label={`Addresses of ${ips.data.subnet.cidr}`}>
      <Heading as="h2" style={{ fontSize: 'var(--text-title-size-small, 16px)' }}>
        Addresses of {ips.data.subnet.cidr}
      </Heading>
      {ips.data.addresses.length === 0 ? (
        <p>No address in use</p>
      ) : (
        <ul>
          {ips.data.addresses.map((a) => (
            <li key={a.ipAddress}>
              {a.ipAddress} — {a.hostname}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/identity/devices/ipam` [deviceIpam]: subnets (CIDR rules of admin-console §5), their usage and addresses; add, and delete an unused one. */
export function IpamPage() {
  const subnets = useLoad<Subnet[]>('subnets:list', 'listSubnets', []);
  const create = useAction<Subnet>('subnets:create', 'createSubnet', CREATE_TOAST);
  const remove = useAction<void>('subnets:delete', 'deleteSubnet', DELETE_TOAST);
  const [form, setForm] = useState({ cidr: '', name: '', description: '' });
  const [shown, setShown] = useState<string | null>(null);
  const { reload } = subnets;
  useEffect(() => {
    if (create.status === 'succeeded') {
      setForm({ cidr: '', name: '', description: '' });
      reload();
    }
  }, [create.status, create.successes, reload]);
  useEffect(() => {
    if (remove.status === 'succeeded') reload();
  }, [remove.status, remove.successes, reload]);
  return (
    <PageLayout title="Subnets">
      <IdentityNav />
      <form
        aria-label="Add subnet"
        noValidate
        style={{ marginBottom: 'var(--base-size-24, 24px)' }}
        onSubmit={(e) => {
          e.preventDefault();
          create.run({ cidr: form.cidr.trim(), name: form.name.trim(), description: form.description.trim() });
        }}
      >
        <FormError>{create.failure && create.failure.field !== 'cidr' ? create.failure.message : null}</FormError>
        <TextField label="CIDR" placeholder="10.0.0.0/24" value={form.cidr} onChange={(e) => setForm({ ...form, cidr: e.target.value })} error={create.failure?.field === 'cidr' ? create.failure.message : null} />
        <TextField label="Name" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <TextField label="Description" value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
        <Button type="submit" variant="primary" disabled={create.status === 'loading'}>
          Add subnet
        </Button>
      </form>
      <FormError>{subnets.failure?.message ?? remove.failure?.message}</FormError>
      <table aria-label="Subnets" style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            {['CIDR', 'Name', 'Range', 'Used', ''].map((h) => (
              <th key={h} style={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(subnets.data ?? []).length === 0 ? (
            <tr>
              <td colSpan={5} style={cell}>
                {subnets.status === 'loading' ? 'Loading…' : 'No subnets'}
              </td>
            </tr>
          ) : (
            (subnets.data ?? []).map((s) => (
              <tr key={s.id}>
                <td style={cell}>{s.cidr}</td>
                <td style={cell}>{s.name}</td>
                <td style={cell}>
                  {s.network} – {s.last}
                </td>
                <td style={cell}>
                  {s.used} of {s.size}
                </td>
                <td style={{ ...cell, display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
                  <Button size="small" aria-label={`Addresses of ${s.cidr}`} onClick={() => setShown(s.id)}>
                    Addresses
                  </Button>
                  <Button size="small" variant="danger" aria-label={`Delete ${s.cidr}`} onClick={() => remove.run(s.id)}>
                    Delete
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {shown ? <SubnetAddresses id={shown} /> : null}
    </PageLayout>
  );
}
