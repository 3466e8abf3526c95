import { Component, type ErrorInfo, type ReactNode } from 'react';
import { showUnexpectedError } from '../../errors/unexpectedError';

/** Props of {@link ShellErrorBoundary}. */
export interface ShellErrorBoundaryProps {
  children?: ReactNode;
}

/**
 * Catches a render error of the shell's pages and hands it to the Unexpected Error screen
 * (signin §2). Renders nothing in place of the crashed tree.
 */
export class ShellErrorBoundary extends Component<ShellErrorBoundaryProps, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError(): { crashed: boolean } {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (info.componentStack && error instanceof Error && !error.stack?.includes(info.componentStack)) {
      error.stack = `${error.stack ?? ''}\nComponent stack:${info.componentStack}`;
    }
    showUnexpectedError(error);
  }

  override render(): ReactNode {
    return this.state.crashed ? null : this.props.children;
  }
}
