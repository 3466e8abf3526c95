import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Text } from '@primer/react';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { cardLayoutsActions, cardLayoutsSelectors } from '../cardLayouts.slice';

/** `/config/smartcard` [smartcardManage] (admin-console §2.2): the card templates, each with its layout editor. */
export function SmartcardConfigPage() {
  const dispatch = useDispatch();
  const { templates, templatesError } = useSelector(cardLayoutsSelectors.select);
  useEffect(() => {
    dispatch(cardLayoutsActions.listShown());
  }, [dispatch]);
  if (templatesError) {
    return (
      <PageLayout title="Smartcard configuration">
        <FormError>{templatesError}</FormError>
      </PageLayout>
    );
  }
  if (!templates) return <FullPageSpinner />;
  return (
    <PageLayout title="Smartcard configuration">
      <Text as="p">
        Card templates: the PIV slots and PIN rules of a card, and the layout printed on it.{' '}
        <a href="/config/smartcard/new" onClick={followLink}>
          New card template
        </a>
      </Text>
      <table aria-label="Card templates">
        <thead>
          <tr>
            <th style={{ textAlign: 'left' }}>Name</th>
            <th style={{ textAlign: 'left' }}>Slots</th>
            <th style={{ textAlign: 'left' }}>PIN</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {templates.map((t) => (
            <tr key={t.cardTemplateId}>
              <td>{t.name}</td>
              <td>{t.slots.map((s) => `${s.slot} ${s.certificateTemplate ?? '(deleted)'} ${s.keyType}`).join('; ')}</td>
              <td>{t.pin ? `${t.pin.minLength}–${t.pin.maxLength}${t.pin.digitsOnly ? ' digits' : ''}, ${t.pin.pinRetries} tries` : 'tenant policy'}</td>
              <td>
                <a href={`/config/smartcard/edit/${t.cardTemplateId}`} onClick={followLink} aria-label={`Edit ${t.name}`}>
                  Edit
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {templates.length === 0 ? <Text as="p">No card templates yet.</Text> : null}
    </PageLayout>
  );
}
