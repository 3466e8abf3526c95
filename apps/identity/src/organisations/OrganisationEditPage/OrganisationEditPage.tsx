import { useEffect } from 'react';
import { MESSAGES, type Organisation } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { useAction, useLoad } from '../../requests/useRequest';
import { OrganisationForm } from '../OrganisationForm';

const TOAST = { title: 'Organisations', success: MESSAGES.ORGANISATION_UPDATED };

/** `/identity/organisations/edit/{id}` [orgEdit]: name, type, parent (not itself nor below it) and business number. */
export function OrganisationEditPage({ params }: IdentityPageProps) {
  const id = params.id ?? '';
  const org = useLoad<Organisation>(`org:${id}`, 'getOrganisation', [id]);
  const save = useAction<Organisation>(`orgs:save:${id}`, 'updateOrganisation', TOAST);
  useEffect(() => {
    if (save.status === 'succeeded') navigate(`/identity/organisations/view/${encodeURIComponent(id)}`);
  }, [save.status, id]);
  if (org.status === 'failed')
    return (
      <PageLayout title="Edit organisation">
        <IdentityNav />
        <FormError>{org.failure?.message}</FormError>
      </PageLayout>
    );
  if (!org.data || org.data.id !== id || org.status === 'loading') return <FullPageSpinner label="Loading organisation" />;
  const o = org.data;
  return (
    <PageLayout title={`Edit organisation ${o.name}`}>
      <IdentityNav />
      <OrganisationForm
        label="Edit organisation"
        organisationId={id}
        submitLabel="Save"
        initial={{ name: o.name, type: o.type, parentId: o.parentId, businessNumber: o.businessNumber ?? '', businessNumberScheme: o.businessNumberScheme ?? '' }}
        busy={save.status === 'loading'}
        failure={save.failure}
        onSubmit={(v) =>
          save.run({
            id,
            name: v.name,
            type: v.type,
            parentId: v.parentId,
            ...(v.businessNumber ? { businessNumber: v.businessNumber, businessNumberScheme: v.businessNumberScheme } : { businessNumber: null }),
          })
        }
      />
    </PageLayout>
  );
}
