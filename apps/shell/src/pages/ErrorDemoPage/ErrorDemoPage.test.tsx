/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellErrorBoundary } from '../../components/ShellErrorBoundary';
import { clearUnexpectedError, unexpectedError$, type UnexpectedErrorReport } from '../../errors/unexpectedError';
import { ErrorDemoPage } from './ErrorDemoPage';

describe('ErrorDemoPage', () => {
  afterEach(() => clearUnexpectedError());

  it('should offer the three kinds of error', () => {
    render(<ErrorDemoPage />);
    for (const name of ['Cause event error', 'Cause async error', 'Cause render error']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('should hand a render error to the Unexpected Error screen through the error boundary', async () => {
    const reports: (UnexpectedErrorReport | null)[] = [];
    const sub = unexpectedError$.subscribe((r) => reports.push(r));
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ShellErrorBoundary>
        <ErrorDemoPage />
      </ShellErrorBoundary>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cause render error' }));
    expect(reports.at(-1)?.error).toEqual(expect.objectContaining({ message: 'Error demo: render error' }));
    expect(screen.queryByRole('button', { name: 'Cause render error' })).toBeNull();
    consoleError.mockRestore();
    sub.unsubscribe();
  });
});
