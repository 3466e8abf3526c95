/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AutocompletePicker } from './AutocompletePicker';

const hundred = (prefix: string) => Array.from({ length: 100 }, (_, i) => ({ id: `${prefix}${i}`, label: `${prefix} user ${i}` }));

describe('AutocompletePicker', () => {
  it('should wait 200 ms after the last keystroke, fetch 100 and show 10', async () => {
    const fetchOptions = jest.fn(async (text: string) => hundred(text));
    const user = userEvent.setup();
    render(<AutocompletePicker label="Host user" fetchOptions={fetchOptions} onSelect={jest.fn()} />);
    await user.type(screen.getByRole('combobox', { name: 'Host user' }), 'ann');
    expect(fetchOptions).not.toHaveBeenCalled();
    await waitFor(() => expect(fetchOptions).toHaveBeenCalledTimes(1));
    expect(fetchOptions).toHaveBeenCalledWith('ann', 100);
    expect(await screen.findAllByRole('option')).toHaveLength(10);
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true');
  });

  it('should call onSelect with the clicked option and put its label in the input', async () => {
    const onSelect = jest.fn();
    const user = userEvent.setup();
    render(<AutocompletePicker label="Sponsor" fetchOptions={async () => [{ id: 's1', label: 'Sam Sponsor' }]} onSelect={onSelect} />);
    await user.type(screen.getByRole('combobox', { name: 'Sponsor' }), 'sa');
    await user.click(await screen.findByRole('option', { name: 'Sam Sponsor' }));
    expect(onSelect).toHaveBeenCalledWith({ id: 's1', label: 'Sam Sponsor' });
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('Sam Sponsor');
  });

  it('should pass extra props to the input', () => {
    render(<AutocompletePicker label="Org" fetchOptions={async () => []} onSelect={jest.fn()} className="wide" data-testid="picker" />);
    expect(screen.getByTestId('picker').className).toContain('wide');
  });
});
