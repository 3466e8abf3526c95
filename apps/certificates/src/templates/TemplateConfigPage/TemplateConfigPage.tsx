import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Button, Text } from '@primer/react';
import { FormError, FullPageSpinner, PageLayout, followLink } from '@tessera/ui';
import { orderingOf, templateOrderActions, templateOrderSelectors } from '../templateOrder.slice';

/**
 * `/credentials/certificates/config` [templateDisplayOrder] (admin-console §2.3 "Certificate template configuration",
 * §3 "Template ordering"): the templates in display order, moved up and down, then saved as ordering entries
 * (templateId, uiOrdering). A template's extensions are edited on its template page.
 */
export function TemplateConfigPage() {
  const dispatch = useDispatch();
  const { status, templates, loadError, dirty, saving, saveError } = useSelector(templateOrderSelectors.select);
  useEffect(() => {
    dispatch(templateOrderActions.listRequested());
  }, [dispatch]);
  if (status === 'loadFailed') {
    return (
      <PageLayout title="Certificate template configuration">
        <FormError>{loadError}</FormError>
      </PageLayout>
    );
  }
  if (status !== 'loaded') return <FullPageSpinner />;
  const move = (from: number, to: number) => dispatch(templateOrderActions.moved({ from, to }));
  return (
    <PageLayout title="Certificate template configuration">
      <Text as="p" style={{ marginTop: 0 }}>
        The order in which templates are offered when a certificate is requested. Templates never ordered come last.
      </Text>
      <FormError>{saveError}</FormError>
      {templates.length === 0 ? (
        <Text as="p">No certificate templates yet.</Text>
      ) : (
        <ol aria-label="Template order" style={{ paddingLeft: 24, maxWidth: 720 }}>
          {templates.map((template, index) => (
            <li key={template.templateId} aria-label={template.templateName} style={{ padding: '6px 0', borderBottom: '1px solid var(--borderColor-muted, #d8dee4)' }}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <span style={{ flex: 1 }}>
                  <a href={`/pki/manage/certificate-templates/${template.templateId}`} onClick={followLink}>
                    {template.templateName}
                  </a>{' '}
                  <Text size="small" style={{ color: 'var(--fgColor-muted)' }}>
                    {template.class} · {template.caName}
                  </Text>
                </span>
                <Button size="small" aria-label={`Move ${template.templateName} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                  Up
                </Button>
                <Button size="small" aria-label={`Move ${template.templateName} down`} disabled={index === templates.length - 1} onClick={() => move(index, index + 1)}>
                  Down
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Button variant="primary" disabled={!dirty} loading={saving} onClick={() => dispatch(templateOrderActions.saveRequested(orderingOf(templates)))}>
        Save order
      </Button>
    </PageLayout>
  );
}
