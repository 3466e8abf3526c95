import { Button, Text } from '@primer/react';
import { downloadTextFile, PageLayout } from '@tessera/ui';
import { buildErrorLog, errorLogFileName, errorMessage, errorStack } from '../../errors/errorLog';
import type { UnexpectedErrorReport } from '../../errors/unexpectedError';
import { TEXTS } from '../../texts';

/** Props of {@link UnexpectedErrorPage}. */
export interface UnexpectedErrorPageProps {
  /** The crash to show. */
  report: UnexpectedErrorReport;
  /** Support address from the tenancy configuration; the default when unknown. */
  supportEmail?: string | null;
  /** Saves the error file; defaults to a Blob download. */
  download?: (fileName: string, text: string) => void;
  /** Reloads the page; defaults to `location.reload()`. */
  reload?: () => void;
}

/**
 * The Unexpected Error screen (signin §2): title, the message with the support address, a
 * collapsible 'Show Details', 'Download Error File' (a log with error, stack, URL, time and user
 * agent) and 'Reload Page'.
 */
export function UnexpectedErrorPage({
  report,
  supportEmail,
  download = downloadTextFile,
  reload = () => window.location.reload(),
}: UnexpectedErrorPageProps) {
  const email = supportEmail || TEXTS.defaultSupportEmail;
  const onDownload = () =>
    download(
      errorLogFileName(report.time),
      buildErrorLog({ error: report.error, url: report.url, time: report.time, userAgent: navigator.userAgent }),
    );
  return (
    <PageLayout title={TEXTS.unexpectedErrorTitle}>
      <Text as="p">{TEXTS.unexpectedErrorMessage(email)}</Text>
      <details style={{ margin: 'var(--base-size-16, 16px) 0' }}>
        <summary style={{ cursor: 'pointer' }}>{TEXTS.showDetails}</summary>
        <pre
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            padding: 'var(--base-size-8, 8px)',
            background: 'var(--bgColor-muted, #f6f8fa)',
            borderRadius: 'var(--borderRadius-medium, 6px)',
          }}
        >
          {errorMessage(report.error)}
          {'\n'}
          {errorStack(report.error)}
        </pre>
      </details>
      <div style={{ display: 'flex', gap: 'var(--base-size-8, 8px)' }}>
        <Button onClick={onDownload}>{TEXTS.downloadErrorFile}</Button>
        <Button variant="primary" onClick={reload}>
          {TEXTS.reloadPage}
        </Button>
      </div>
    </PageLayout>
  );
}
