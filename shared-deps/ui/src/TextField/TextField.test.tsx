/** @jest-environment jsdom */
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './TextField';

/** The accessible description: the texts of the aria-describedby ids, joined by a space. */
function description(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function Controlled({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return <TextField label="Username" value={value} onChange={(e) => setValue(e.target.value)} error={error} />;
}

describe('TextField', () => {
  it('should label the input', async () => {
    render(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    await userEvent.setup().type(input, 'alice');
    expect((input as HTMLInputElement).value).toBe('alice');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('should show the error as visible text that describes the invalid input', () => {
    render(<Controlled error="Username is required" />);
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(description(input)).toBe('Username is required');
  });

  it('should describe the input by its hint too', () => {
    render(<TextField label="E-mail" hint="We send setup mail here" error="E-mail is not valid" readOnly value="" />);
    expect(description(screen.getByRole('textbox', { name: 'E-mail' }))).toBe('We send setup mail here E-mail is not valid');
  });

  it('should pass extra props and the ref to the input', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(<TextField ref={ref} label="Password" type="password" data-testid="pw" autoComplete="current-password" />);
    const input = screen.getByLabelText('Password');
    expect(ref.current).toBe(input);
    expect(input.getAttribute('data-testid')).toBe('pw');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
  });
});
