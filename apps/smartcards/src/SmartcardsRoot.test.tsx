/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SmartcardsRoot } from './SmartcardsRoot';

describe('SmartcardsRoot', () => {
  it('should say a smartcards page is not available yet and point to the card readers', () => {
    window.history.pushState({}, '', '/credentials/smartcards/authenticatehsm');
    render(<SmartcardsRoot />);
    expect(screen.getByText('This page is not available yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Card readers' }).getAttribute('href')).toBe('/credentials/smartcards/cms');
  });

  it('should render nothing outside the smartcards area', () => {
    window.history.pushState({}, '', '/home');
    const { container } = render(<SmartcardsRoot />);
    expect(container.innerHTML).toBe('');
  });
});
