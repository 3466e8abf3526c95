import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Flash, Link, Text } from '@primer/react';
import { followLink, PageLayout } from '@tessera/ui';
import { anonymousPortalActions, anonymousPortalSelectors } from '../anonymousPortal.slice';

/**
 * `/anonymousportal` (admin-console §2.1, public): signed out, the readers of the local security client after an
 * AnonymousSession; each card links to its PIN reset with secret questions.
 */
export function AnonymousPortalPage() {
  const dispatch = useDispatch();
  const { link, readers } = useSelector(anonymousPortalSelectors.select);
  useEffect(() => {
    dispatch(anonymousPortalActions.portalShown());
  }, [dispatch]);

  return (
    <PageLayout title="Smartcard self-service" style={{ maxWidth: 760 }}>
      <Text as="p">Insert your smartcard in a reader of this computer. You can reset a forgotten PIN with your secret questions.</Text>
      {link.status === 'connecting' && <Text as="p">Connecting to the security client…</Text>}
      {link.status === 'failed' && (
        <Flash variant="danger" role="alert">
          {link.errorMessage}
        </Flash>
      )}
      {link.status === 'ready' && readers.length === 0 && <Text as="p">The security client has no card reader.</Text>}
      {readers.length > 0 && (
        <table aria-label="Card readers">
          <thead>
            <tr>
              <th scope="col">Reader</th>
              <th scope="col">Card</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {readers.map((r) => (
              <tr key={r.name} aria-label={r.name}>
                <td>{r.name}</td>
                <td>{r.smartcard ? `${r.smartcard.cardType} ${r.smartcard.serialNumber}` : 'No card'}</td>
                <td>
                  {r.smartcard ? (
                    <Link href={`/anonymousportal/manageSmartcard?${new URLSearchParams({ reader: r.name }).toString()}`} onClick={followLink}>
                      Reset PIN
                    </Link>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Text as="p">
        <Link href="/login" onClick={followLink}>Sign in</Link>
      </Text>
    </PageLayout>
  );
}
