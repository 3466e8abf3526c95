import { useEffect } from 'react';
import type { Viewer } from '@tessera/domain';
import type { UnexpectedErrorReport } from '../../errors/unexpectedError';
import { resolveShellPage } from '../../navigation/resolveShellPage';
import { AreaUnavailablePage } from '../../pages/AreaUnavailablePage';
import { DeniedPage } from '../../pages/DeniedPage';
import { ErrorDemoPage } from '../../pages/ErrorDemoPage';
import { NotFoundPage } from '../../pages/NotFoundPage';
import { UnexpectedErrorPage } from '../../pages/UnexpectedErrorPage';
import { ShellErrorBoundary } from '../ShellErrorBoundary';

/** Props of {@link ShellOutlet}. */
export interface ShellOutletProps {
  pathname: string;
  viewer: Viewer | null;
  /** The crash to show instead of any page, or null. */
  crash: UnexpectedErrorReport | null;
  /** The element the outlet renders into; its siblings (the area apps) are hidden during a crash. */
  container?: HTMLElement | null;
}

/**
 * The shell's part of the content outlet: the Unexpected Error screen after a crash in any app,
 * else the shell's own page for the path (not-found, /denied, /errorBoundary, 'not available yet'),
 * else nothing (an area app is mounted beside it).
 */
export function ShellOutlet({ pathname, viewer, crash, container }: ShellOutletProps) {
  useEffect(() => {
    const parent = container?.parentElement;
    if (!crash || !parent || !container) return;
    const hidden: HTMLElement[] = [];
    for (const child of Array.from(parent.children)) {
      if (child !== container && child instanceof HTMLElement && !child.hidden) {
        child.hidden = true;
        hidden.push(child);
      }
    }
    return () => hidden.forEach((child) => (child.hidden = false));
  }, [crash, container]);

  if (crash) return <UnexpectedErrorPage report={crash} supportEmail={viewer?.tenant.supportEmail} />;
  const page = resolveShellPage(pathname);
  return <ShellErrorBoundary key={pathname}>{renderPage(page)}</ShellErrorBoundary>;
}

function renderPage(page: ReturnType<typeof resolveShellPage>) {
  switch (page.kind) {
    case 'notFound':
      return <NotFoundPage />;
    case 'denied':
      return <DeniedPage />;
    case 'errorDemo':
      return <ErrorDemoPage />;
    case 'unavailable':
      return <AreaUnavailablePage area={page.area} />;
    default:
      return null;
  }
}
