import { useEffect } from 'react';
import { MESSAGES, type Organisation } from '@tessera/domain';
import { PageLayout, navigate } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useAction } from '../../requests/useRequest';
import { OrganisationForm } from '../OrganisationForm';

const TOAST = { title: 'Organisations', success: MESSAGES.ORGANISATION_CREATED };

/** `/identity/organisations/add` [orgAdd]: a new organisation; a duplicate name is refused on the field. */
export function OrganisationAddPage() {
  const create = useAction<Organisation>('orgs:create', 'createOrganisation', TOAST);
  useEffect(() => {
    if (create.status === 'succeeded' && create.data) navigate(`/identity/organisations/view/${encodeURIComponent(create.data.id)}`);
  }, [create.status, create.data]);
  return (
    <PageLayout title="Add organisation">
      <IdentityNav />
      <OrganisationForm
        label="Add organisation"
        submitLabel="Add organisation"
        initial={{ name: '', type: 'organisation', parentId: null, businessNumber: '', businessNumberScheme: '' }}
        busy={create.status === 'loading'}
        failure={create.failure}
        onSubmit={(v) =>
          create.run({ name: v.name, type: v.type, parentId: v.parentId, ...(v.businessNumber ? { businessNumber: v.businessNumber, businessNumberScheme: v.businessNumberScheme } : {}) })
        }
      />
    </PageLayout>
  );
}
