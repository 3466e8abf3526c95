/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { DeniedPage } from './DeniedPage';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('DeniedPage', () => {
  it('should say access is denied', () => {
    render(<DeniedPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
  });
});
