/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecoveryCodes } from './RecoveryCodes';

describe('RecoveryCodes', () => {
  it('should show a heading, say to save them now, and list the codes; extra props reach the section', () => {
    render(<RecoveryCodes codes={['aaaa-1111', 'bbbb-2222']} className="extra" data-x="1" />);
    const section = screen.getByRole('region', { name: 'Recovery codes' });
    expect(section.className).toBe('extra');
    expect(section.getAttribute('data-x')).toBe('1');
    expect(within(section).getByRole('heading', { name: 'Recovery codes' })).toBeTruthy();
    expect(within(section).getByText('Save these codes now: they are shown only once.')).toBeTruthy();
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['aaaa-1111', 'bbbb-2222']);
  });

  it('should copy the codes, one a line, and say so', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<RecoveryCodes codes={['aaaa-1111', 'bbbb-2222']} />);
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith('aaaa-1111\nbbbb-2222\n');
    expect(screen.getByRole('status').textContent).toBe('Copied.');
  });

  it('should download the codes as a text file', async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn(() => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const clicks: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    render(<RecoveryCodes codes={['aaaa-1111']} fileName="codes.txt" />);
    await user.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(clicks).toEqual(['codes.txt']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
