import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Spinner, Text } from '@primer/react';
import { PRODUCT_NAME } from '@tessera/domain';
import { FormError, PageLayout } from '@tessera/ui';
import { versionActions, versionSelectors } from '../version.slice';

/** `/about`: the product name and the server version (GET /api2/IDM-v1/Version). */
export function AboutPage() {
  const dispatch = useDispatch();
  const { status, version } = useSelector(versionSelectors.selectVersion);

  useEffect(() => {
    dispatch(versionActions.versionRequested());
  }, [dispatch]);

  return (
    <PageLayout title={`About ${PRODUCT_NAME}`}>
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 'var(--base-size-8, 8px) var(--base-size-16, 16px)' }}>
        <dt>
          <Text weight="semibold">Product</Text>
        </dt>
        <dd style={{ margin: 0 }}>{version?.product || PRODUCT_NAME}</dd>
        <dt>
          <Text weight="semibold">Server version</Text>
        </dt>
        <dd style={{ margin: 0 }}>
          {status === 'FETCHED' && version ? (
            version.version
          ) : status === 'ERROR' ? (
            'Unknown'
          ) : (
            <span role="status" aria-label="Loading version">
              <Spinner size="small" srText={null} />
            </span>
          )}
        </dd>
      </dl>
      {status === 'ERROR' ? <FormError>The server version could not be read.</FormError> : null}
    </PageLayout>
  );
}
