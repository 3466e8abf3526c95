import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Text } from '@primer/react';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { templatesActions, templatesSelectors } from '../templates.slice';
import { TEMPLATES_PATH } from '../TemplateEditorPage/TemplateEditorPage';

/**
 * `/pki/manage/certificate-templates` [manageCAs] (admin-console §2.2, §3 template entry): the tenant's templates in
 * display order, each opening its editor, and a link to create one.
 */
export function TemplateListPage() {
  const dispatch = useDispatch();
  const { status, templates, loadError } = useSelector(templatesSelectors.select);
  useEffect(() => {
    dispatch(templatesActions.listRequested());
  }, [dispatch]);
  const actions = (
    <a href={`${TEMPLATES_PATH}/new`} onClick={followLink}>
      New certificate template
    </a>
  );
  if (status === 'loadFailed') {
    return (
      <PageLayout title="Certificate templates" actions={actions}>
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;
  return (
    <PageLayout title="Certificate templates" actions={actions}>
      {templates.length === 0 ? (
        <Text as="p">No certificate templates yet.</Text>
      ) : (
        <table aria-label="Certificate templates" style={{ width: '100%', borderCollapse: 'collapse', textAlign: 'left' }} cellPadding={6}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Class</th>
              <th>Certificate authority</th>
              <th>Validity</th>
              <th>Key types</th>
            </tr>
          </thead>
          <tbody>
            {templates.map((t) => (
              <tr key={t.templateId} aria-label={t.templateName}>
                <td>
                  <a href={`${TEMPLATES_PATH}/${t.templateId}`} onClick={followLink}>
                    {t.templateName}
                  </a>
                </td>
                <td>{t.class}</td>
                <td>{t.caName}</td>
                <td>
                  {t.validityPeriod} {t.validityPeriodUnits}
                </td>
                <td>{t.keyTypes.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </PageLayout>
  );
}
