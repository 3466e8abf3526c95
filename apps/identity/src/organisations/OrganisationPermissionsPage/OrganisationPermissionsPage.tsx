import { useEffect, useState } from 'react';
import { Button, Text } from '@primer/react';
import { MESSAGES, type Organisation, type OrganisationPermissions } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import type { IdentityPageProps } from '../../pages';
import { PermissionsEditor } from '../../PermissionsEditor';
import { useAction, useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

const TOAST = { title: 'Organisations', success: MESSAGES.ORGANISATION_PERMISSIONS_SAVED };

/**
 * `/identity/organisations/permissions/{orgId}` [orgView; saving needs orgEdit]: the permissions the
 * organisation grants its members and those of the organisations below it, and its blacklist
 * (admin-console §6 "Some organisation permissions are loaded per organisation").
 */
export function OrganisationPermissionsPage({ params }: IdentityPageProps) {
  const orgId = params.orgId ?? '';
  const viewer = useViewer();
  const org = useLoad<Organisation>(`org:${orgId}`, 'getOrganisation', [orgId]);
  const loaded = useLoad<OrganisationPermissions>(`org:permissions:${orgId}`, 'getOrganisationPermissions', [orgId]);
  const save = useAction<OrganisationPermissions>(`orgs:permissions:save:${orgId}`, 'setOrganisationPermissions', TOAST);
  const [value, setValue] = useState<{ permissions: string[]; blacklist: string[] } | null>(null);
  useEffect(() => {
    if (loaded.data && loaded.data.orgId === orgId && value === null) setValue({ permissions: loaded.data.permissions, blacklist: loaded.data.blacklist });
  }, [loaded.data, orgId, value]);
  const failure = loaded.failure ?? org.failure;
  if (failure)
    return (
      <PageLayout title="Organisation permissions">
        <IdentityNav />
        <FormError>{failure.message}</FormError>
      </PageLayout>
    );
  if (!value) return <FullPageSpinner label="Loading permissions" />;
  const canEdit = hasPermission(viewer, 'orgEdit');
  return (
    <PageLayout title={`Permissions of ${org.data?.name ?? 'the organisation'}`}>
      <IdentityNav />
      <Text as="p">Members of this organisation and of the organisations below it receive these permissions; the blacklist removes permissions whatever grants them.</Text>
      <form
        aria-label="Organisation permissions"
        onSubmit={(e) => {
          e.preventDefault();
          save.run(orgId, value);
        }}
      >
        <FormError>{save.failure?.message}</FormError>
        <PermissionsEditor label="Permissions" value={value.permissions} disabled={!canEdit} onChange={(permissions) => setValue({ ...value, permissions })} />
        <PermissionsEditor label="Blacklist" value={value.blacklist} disabled={!canEdit} onChange={(blacklist) => setValue({ ...value, blacklist })} />
        {canEdit ? (
          <Button type="submit" variant="primary" disabled={save.status === 'loading'}>
            Save permissions
          </Button>
        ) : null}
      </form>
    </PageLayout>
  );
}
