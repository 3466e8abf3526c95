import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { getSessionState } from '@tessera/bus';
import { SUSPENDABLE_STATUSES, SUSPENSION_REASON_MAX_LENGTH } from '@tessera/domain';
import { FormError, PageLayout, TextField, followLink } from '@tessera/ui';
import { cardsActions, cardsSelectors } from '../cards.slice';
import { TemporaryCardLinks } from '../../temporary-cards/TemporaryCardLinks';

/** Props of {@link SmartcardViewPage}. */
export interface SmartcardViewPageProps {
  cardId: string;
}

/**
 * `/credentials/smartcards/view/{smartcardId}` (smartcardReqView): a card record (serial, ATR, type, status, user,
 * card template, failure, certificates by slot) and, for smartcardManage holders, its revoke; the server's
 * certRevokeError is shown when the PKI refused some certificates (signin §8). Suspend (with a reason: the
 * certificates go on hold) and resume (designed).
 */
export function SmartcardViewPage({ cardId }: SmartcardViewPageProps) {
  const dispatch = useDispatch();
  const { view, templates } = useSelector(cardsSelectors.selectState);
  const session = getSessionState();
  const canManage = session.status === 'signedIn' && session.viewer.permission.View.includes('smartcardManage');
  const canEdit = session.status === 'signedIn' && session.viewer.permission.View.includes('smartcardEdit');
  useEffect(() => {
    dispatch(cardsActions.cardRequested({ cardId }));
    if (canManage) dispatch(cardsActions.listRequested());
  }, [dispatch, cardId, canManage]);
  const card = view.card;
  const [username, setUsername] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [suspensionReason, setSuspensionReason] = useState('');
  const template = templates.find((t) => t.cardTemplateId === templateId) ?? templates[0];
  const assignable = card?.status === 'registered' || card?.status === 'assigned';
  const busy = view.change.status === 'processing';
  const assign = (event: FormEvent) => {
    event.preventDefault();
    if (card && template && username.trim()) dispatch(cardsActions.assignRequested({ cardId: card.cardId, username: username.trim(), cardTemplateId: template.cardTemplateId }));
  };
  const rows: [string, string][] = card
    ? [
        ['Serial', card.serialNumber],
        ['Status', card.status],
        ['Card type', card.cardType],
        ['ATR', card.atr],
        ['User', card.userId ?? ''],
        ['Card template', templates.find((t) => t.cardTemplateId === card.cardTemplateId)?.name ?? card.cardTemplateId ?? ''],
        ['Batch', card.batch_id ?? ''],
        ['Failure', card.failure ?? ''],
        ...(card.suspendedAt ? ([['Suspended', `${new Date(card.suspendedAt).toLocaleString()}${card.suspensionReason ? `: ${card.suspensionReason}` : ''}`]] as [string, string][]) : []),
        ['Issued', new Date(card.createdAt).toLocaleString()],
      ]
    : [];
  return (
    <PageLayout title="Smartcard">
      <p>
        <a href="/credentials/smartcards/cms" onClick={followLink}>
          Back to card readers
        </a>
        {canEdit ? (
          <>
            {' · '}
            <a href={`/credentials/smartcards/edit/${cardId}`} onClick={followLink}>
              Edit the card
            </a>
          </>
        ) : null}
      </p>
      {view.status === 'loading' ? <Text as="p">Loading…</Text> : null}
      <FormError>{view.status === 'failed' ? view.message : null}</FormError>
      {card ? (
        <>
          <dl aria-label="Smartcard details" style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
            {rows.map(([k, v]) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt style={{ fontWeight: 600 }}>{k}</dt>
                <dd style={{ margin: 0, wordBreak: 'break-all' }} data-testid={`card-${k.toLowerCase().replace(/ /g, '-')}`}>
                  {v}
                </dd>
              </div>
            ))}
          </dl>
          <TemporaryCardLinks card={card} />
          <table aria-label="Certificates" style={{ width: '100%', borderCollapse: 'collapse', marginTop: 16 }}>
            <thead>
              <tr>
                {['Slot', 'Serial number', 'Expires'].map((h) => (
                  <th key={h} scope="col" style={{ textAlign: 'left', padding: 4 }}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {card.certificates.map((c) => (
                <tr key={c.slot}>
                  <th scope="row" style={{ textAlign: 'left', padding: 4 }}>
                    {c.slot}
                  </th>
                  <td style={{ padding: 4, fontFamily: 'monospace' }}>{c.serialNumber}</td>
                  <td style={{ padding: 4 }}>{new Date(c.notAfter).toLocaleDateString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {canManage && card.status !== 'revoked' ? (
            <p style={{ marginTop: 16 }}>
              <Button variant="danger" disabled={view.revoke.status === 'processing'} onClick={() => dispatch(cardsActions.revokeRequested({ cardId: card.cardId }))}>
                Revoke card
              </Button>
            </p>
          ) : null}
          {canManage && SUSPENDABLE_STATUSES.includes(card.status) && !view.change.removed ? (
            <form
              aria-label="Suspend card"
              style={{ marginTop: 16, maxWidth: 480 }}
              onSubmit={(e) => {
                e.preventDefault();
                dispatch(cardsActions.suspendRequested({ cardId: card.cardId, reason: suspensionReason }));
              }}
            >
              <TextField label="Reason for the suspension" autoComplete="off" maxLength={SUSPENSION_REASON_MAX_LENGTH} value={suspensionReason} onChange={(e) => setSuspensionReason(e.target.value)} />
              <Button type="submit" disabled={busy}>
                Suspend card
              </Button>
            </form>
          ) : null}
          {canManage && card.status === 'suspended' ? (
            <p style={{ marginTop: 16 }}>
              <Button disabled={busy} onClick={() => dispatch(cardsActions.resumeRequested({ cardId: card.cardId }))}>
                Resume card
              </Button>
            </p>
          ) : null}
          {canManage && assignable && !view.change.removed ? (
            <form onSubmit={assign} aria-label="Assign card" style={{ marginTop: 16, maxWidth: 480 }}>
              <TextField label="Username" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />
              <label style={{ display: 'block', marginBottom: 8 }}>
                Card template{' '}
                <select value={template?.cardTemplateId ?? ''} onChange={(e) => setTemplateId(e.target.value)}>
                  {templates.map((t) => (
                    <option key={t.cardTemplateId} value={t.cardTemplateId}>
                      {t.name}
                    </option>
                  ))}
                </select>
              </label>
              <div style={{ display: 'flex', gap: 8 }}>
                <Button type="submit" disabled={busy || !username.trim() || !template}>
                  Assign card
                </Button>
                {card.status === 'assigned' ? (
                  <Button type="button" disabled={busy} onClick={() => dispatch(cardsActions.unassignRequested({ cardId: card.cardId }))}>
                    Unassign card
                  </Button>
                ) : null}
              </div>
            </form>
          ) : null}
          {canManage && card.status !== 'issuing' && !view.change.removed ? (
            <p style={{ marginTop: 16 }}>
              <Button variant="danger" disabled={busy} onClick={() => dispatch(cardsActions.unregisterRequested({ cardId: card.cardId }))}>
                Unregister card
              </Button>
            </p>
          ) : null}
          {view.change.status === 'success' || view.change.status === 'failure' ? (
            <Text as="p" role="status" data-testid="card-change-status" style={{ color: view.change.status === 'failure' ? 'var(--fgColor-danger)' : 'var(--fgColor-success)' }}>
              {view.change.message}
            </Text>
          ) : null}
          {view.revoke.status === 'success' || view.revoke.status === 'failure' ? (
            <Text as="p" role="status" data-testid="card-revoke-status" style={{ color: view.revoke.status === 'failure' ? 'var(--fgColor-danger)' : 'var(--fgColor-success)' }}>
              {view.revoke.message}
            </Text>
          ) : null}
        </>
      ) : null}
    </PageLayout>
  );
}
