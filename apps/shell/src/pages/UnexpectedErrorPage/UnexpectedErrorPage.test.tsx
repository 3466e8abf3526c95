/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UnexpectedErrorPage } from './UnexpectedErrorPage';
import { downloadTextFile } from '@tessera/ui';

const report = { error: new Error('kaboom'), time: Date.UTC(2026, 0, 31, 10), url: 'http://127.0.0.1/home' };

describe('UnexpectedErrorPage', () => {
  it('should show the title and the message with the tenancy support address', () => {
    render(<UnexpectedErrorPage report={report} supportEmail="help@acme.example" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Error' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred, please download the error file and send to: help@acme.example')).toBeTruthy();
  });

  it('should fall back to the default support address', () => {
    render(<UnexpectedErrorPage report={report} supportEmail={null} />);
    expect(screen.getByText(/send to: \S+@\S+$/)).toBeTruthy();
  });

  it('should hide the details until Show Details is opened', async () => {
    render(<UnexpectedErrorPage report={report} />);
    const details = screen.getByText('Show Details').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.setup().click(screen.getByText('Show Details'));
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('Error: kaboom');
  });

  it('should download a .log file holding error, stack, URL, time and user agent', async () => {
    const download = jest.fn();
    render(<UnexpectedErrorPage report={report} download={download} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download Error File' }));
    expect(download).toHaveBeenCalledTimes(1);
    const [fileName, text] = download.mock.calls[0] as [string, string];
    expect(fileName).toMatch(/\.log$/);
    expect(text).toContain('Error: Error: kaboom');
    expect(text).toContain('URL: http://127.0.0.1/home');
    expect(text).toContain('Time: 2026-01-31T10:00:00.000Z');
    expect(text).toContain(`User agent: ${navigator.userAgent}`);
    expect(text).toContain('Stack:');
  });

  it('should reload the page from Reload Page', async () => {
    const reload = jest.fn();
    render(<UnexpectedErrorPage report={report} reload={reload} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('downloadTextFile', () => {
  it('should save the text through a Blob URL and an anchor with the file name', () => {
    jest.useFakeTimers();
    const createObjectURL = jest.fn(() => 'blob:x');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('error.log');
      expect(this.href).toBe('blob:x');
    });
    downloadTextFile('error.log', 'hello');
    expect(click).toHaveBeenCalledTimes(1);
    expect((createObjectURL.mock.calls[0] as unknown[])[0]).toBeInstanceOf(Blob);
    jest.advanceTimersByTime(40_000);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:x');
    click.mockRestore();
    jest.useRealTimers();
  });
});
