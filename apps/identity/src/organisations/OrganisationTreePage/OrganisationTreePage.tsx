import type { OrganisationTreeNode } from '@tessera/domain';
import { FormError, PageLayout, followLink } from '@tessera/ui';
import { IdentityNav } from '../../IdentityNav';
import { useLoad } from '../../requests/useRequest';
import { hasPermission, useViewer } from '../../viewer/useViewer';

const branch = { listStyle: 'none', margin: 0, paddingLeft: 'var(--base-size-20, 20px)', borderLeft: 'var(--borderWidth-thin, 1px) solid var(--borderColor-default, #d1d9e0)' };

function Node({ node, level }: { node: OrganisationTreeNode; level: number }) {
  return (
    <li role="treeitem" aria-level={level} aria-expanded={node.children.length > 0 ? true : undefined} aria-label={node.name} style={{ padding: 'var(--base-size-4, 4px) 0' }}>
      <a href={`/identity/organisations/view/${encodeURIComponent(node.id)}`} onClick={followLink}>
        {node.name}
      </a>{' '}
      <span style={{ color: 'var(--fgColor-muted, #59636e)' }}>({node.type})</span>
      {node.children.length > 0 ? (
        <ul role="group" style={branch}>
          {node.children.map((child) => (
            <Node key={child.id} node={child} level={level + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** `/identity/organisations/tree` [orgTree]: the tenant's organisations drawn as a tree, each linking to its page. */
export function OrganisationTreePage() {
  const viewer = useViewer();
  const tree = useLoad<{ tree: OrganisationTreeNode[] }>('orgs:tree', 'organisationTree', []);
  return (
    <PageLayout
      title="Organisations"
      actions={
        hasPermission(viewer, 'orgAdd') ? (
          <a href="/identity/organisations/add" onClick={followLink}>
            Add organisation
          </a>
        ) : null
      }
    >
      <IdentityNav />
      <FormError>{tree.failure?.message}</FormError>
      {tree.data && tree.data.tree.length === 0 ? <p>No organisations yet.</p> : null}
      <ul role="tree" aria-label="Organisation tree" style={{ ...branch, borderLeft: 0, paddingLeft: 0 }}>
        {(tree.data?.tree ?? []).map((node) => (
          <Node key={node.id} node={node} level={1} />
        ))}
      </ul>
    </PageLayout>
  );
}
