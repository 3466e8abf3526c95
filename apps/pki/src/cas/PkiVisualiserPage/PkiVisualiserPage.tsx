import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Label, Text } from '@primer/react';
import { CA_STATUSES } from '@tessera/domain';
import { FormError, FullPageSpinner, PageLayout, navigate } from '@tessera/ui';
import { casActions, casSelectors } from '../cas.slice';
import { CA_STATUS_STYLE } from '../caStatusStyle';
import { CA_BOX, layoutCaTree } from './layoutCaTree';

/**
 * `/monitor/pki-visualiser` [manageCAs] (admin-console §2.2; issue 12): the CA hierarchy drawn as a graph, each CA
 * coloured by its status (admin-console §4). A CA opens its page when clicked or chosen with Enter.
 */
export function PkiVisualiserPage() {
  const dispatch = useDispatch();
  const { status, cas, loadError } = useSelector(casSelectors.select);
  useEffect(() => {
    dispatch(casActions.listRequested());
  }, [dispatch]);
  if (status === 'loadFailed') {
    return (
      <PageLayout title="PKI hierarchy">
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;
  const layout = layoutCaTree(cas);
  const open = (id: string) => navigate(`/pki/manage/certificate-authorities/${id}`);
  return (
    <PageLayout title="PKI hierarchy">
      <div aria-label="Status colours" style={{ display: 'flex', gap: 8, marginBottom: 12 }}>
        {CA_STATUSES.map((s) => (
          <Label key={s} variant={CA_STATUS_STYLE[s].label}>
            {CA_STATUS_STYLE[s].text}
          </Label>
        ))}
      </div>
      {cas.length === 0 ? (
        <Text as="p">No certificate authorities yet.</Text>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <svg role="img" aria-label="Certificate authority hierarchy" width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`}>
            {layout.edges.map(({ from, to }) => (
              <path
                key={`${from.ca.id}-${to.ca.id}`}
                data-edge={`${from.ca.friendlyName} → ${to.ca.friendlyName}`}
                d={`M ${from.x} ${from.y + CA_BOX.height / 2} C ${from.x} ${from.y + CA_BOX.height / 2 + CA_BOX.gapY / 2}, ${to.x} ${to.y - CA_BOX.height / 2 - CA_BOX.gapY / 2}, ${to.x} ${to.y - CA_BOX.height / 2}`}
                fill="none"
                stroke="#8c959f"
                strokeWidth={1.5}
              />
            ))}
            {layout.nodes.map(({ ca, x, y }) => {
              const style = CA_STATUS_STYLE[ca.status];
              return (
                <g
                  key={ca.id}
                  role="link"
                  tabIndex={0}
                  aria-label={`${ca.friendlyName}: ${style.text}`}
                  data-status={ca.status}
                  style={{ cursor: 'pointer' }}
                  onClick={() => open(ca.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') open(ca.id);
                  }}
                >
                  <rect x={x - CA_BOX.width / 2} y={y - CA_BOX.height / 2} width={CA_BOX.width} height={CA_BOX.height} rx={8} fill={style.fill} stroke={style.stroke} strokeWidth={2} />
                  <text x={x} y={y - 4} textAnchor="middle" fontSize={14} fontWeight={600} fill="#1f2328">
                    {ca.friendlyName.length > 22 ? `${ca.friendlyName.slice(0, 21)}…` : ca.friendlyName}
                  </text>
                  <text x={x} y={y + 14} textAnchor="middle" fontSize={12} fill={style.stroke}>
                    {style.text} · {ca.keyAlgorithm}
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
      )}
    </PageLayout>
  );
}
