import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { PageLayout, navigate } from '@tessera/ui';
import { cardLayoutsActions, cardLayoutsSelectors } from '../cardLayouts.slice';
import { CardTemplateForm } from '../CardTemplateForm';

/**
 * `/config/smartcard/new` [smartcardManage] (admin-console §2.2): a whole card template (name, PIV slots, PIN
 * rules); once created the page moves to its editor, whose layout tab designs the printed card.
 */
export function CardTemplateNewPage() {
  const dispatch = useDispatch();
  const { creating, createError, createdId, certificateTemplateNames } = useSelector(cardLayoutsSelectors.select);
  useEffect(() => {
    dispatch(cardLayoutsActions.formShown());
  }, [dispatch]);
  useEffect(() => {
    if (createdId) navigate(`/config/smartcard/edit/${createdId}`);
  }, [createdId]);
  return (
    <PageLayout title="New card template">
      <CardTemplateForm
        label="New card template"
        submitLabel="Create"
        template={null}
        busy={creating}
        serverError={createError}
        certificateTemplateNames={certificateTemplateNames}
        onSubmit={(input) => dispatch(cardLayoutsActions.createRequested(input))}
      />
    </PageLayout>
  );
}
